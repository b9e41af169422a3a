/** The custom navigation bar: back, centred title, optional action at the end. */
import type { ReactNode } from 'react';
import { BackButton } from './BackButton';
import './navbar.css';

interface NavBarProps {
  title: string;
  /** Where back goes when there is no in-app history (opened from a link). */
  backTo?: string;
  /** No back button (tab pages). */
  noBack?: boolean;
  end?: ReactNode;
}

export function NavBar({ title, backTo = '/', noBack, end }: NavBarProps) {
  return (
    <header className="navbar">
      <div className="navbar__side">{!noBack && <BackButton backTo={backTo} />}</div>
      <h1 className="navbar__title" dir="auto">
        {title}
      </h1>
      <div className="navbar__side navbar__side--end">{end}</div>
    </header>
  );
}
