/** Renders a loaded console record, or a spinner, or "not found". */
import type { ReactNode } from 'react';
import type { Loaded } from '../../../console/useLoaded';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';

interface LoadingProps<T> {
  loaded: Loaded<T>;
  missingText: string;
  children: (value: T) => ReactNode;
}

export function Loading<T>({ loaded, missingText, children }: LoadingProps<T>) {
  const { current } = loaded;
  if (current.state === 'loading') {
    return (
      <div className="page-state">
        <Spinner />
      </div>
    );
  }
  if (current.state === 'failed') return <EmptyState testId="console-missing" title={missingText} />;
  return <>{children(current.value)}</>;
}
