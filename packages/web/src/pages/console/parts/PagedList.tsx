/** A paged console list: its state (spinner, retry, empty), the rows and the pager under them. */
import type { ReactNode } from 'react';
import type { Paged } from '../../../console/usePaged';
import { ListState } from './ListState';
import { Pager } from './Pager';

interface PagedListProps<T> {
  list: Paged<T>;
  emptyText: string;
  testId: string;
  /** Default `<testId>-pager`. */
  pagerTestId?: string;
  /** Extra class of the `<ul>` (`console-list--flat` inside a panel). */
  className?: string;
  row: (item: T) => ReactNode;
}

export function PagedList<T>({ list, emptyText, testId, pagerTestId, className, row }: PagedListProps<T>) {
  return (
    <>
      <ListState
        loading={list.loading}
        failed={list.failed}
        empty={list.items.length === 0}
        onRetry={list.reload}
        emptyText={emptyText}
        testId={testId}
      />
      {list.items.length > 0 && (
        <ul className={className ? `console-list ${className}` : 'console-list'}>{list.items.map(row)}</ul>
      )}
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} testId={pagerTestId ?? `${testId}-pager`} />
    </>
  );
}
