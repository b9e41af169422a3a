/** A console record page by the `:id` of the route (a user, a group): its header, then the record once loaded. */
import type { ReactNode } from 'react';
import { useLoaded } from '../../../console/useLoaded';
import { useIdParam } from '../../../routes/useIdParam';
import { ConsoleHeader } from './ConsoleHeader';
import { Loading } from './Loading';

interface DetailPageProps<T> {
  title: string;
  backTo: string;
  load: (id: number) => Promise<T>;
  missingText: string;
  testId: string;
  /** The record, and how to replace it with what an action answered. */
  children: (value: T, onChange: (value: T) => void) => ReactNode;
}

export function DetailPage<T>({ title, backTo, load, missingText, testId, children }: DetailPageProps<T>) {
  const id = useIdParam('id');
  const loaded = useLoaded(id, load);
  return (
    <div className="console-page" data-testid={testId}>
      <ConsoleHeader title={title} backTo={backTo} />
      <Loading loaded={loaded} missingText={missingText}>
        {(value) => children(value, loaded.set)}
      </Loading>
    </div>
  );
}
