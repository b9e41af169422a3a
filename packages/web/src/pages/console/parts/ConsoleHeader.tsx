/** A console section's bar: back to the console (phone) or to the list a detail came from. */
import type { ReactNode } from 'react';
import { Paths } from '../../../routes/paths';
import { NavBar } from '../../../ui/NavBar';

interface ConsoleHeaderProps {
  title: string;
  /** A section's first page: on desktop the section list beside it is the way back. */
  top?: boolean;
  backTo?: string;
  end?: ReactNode;
}

export function ConsoleHeader({ title, top, backTo = Paths.console, end }: ConsoleHeaderProps) {
  return (
    <div className={top ? 'console-head console-head--top' : 'console-head'}>
      <NavBar title={title} backTo={backTo} end={end} />
    </div>
  );
}
