/** A searchable, paged console list (users, groups): the search box keeps its words in `?q=`. */
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConsoleLimits } from '@parley/protocol';
import { usePaged, type Page } from '../../../console/usePaged';
import { SearchBox } from '../../../ui/SearchBox';
import { PagedList } from './PagedList';

interface SearchListProps<T> {
  fetch: (keyword: string, page: number) => Promise<Page<T>>;
  placeholder: string;
  emptyText: string;
  testId: string;
  row: (item: T) => ReactNode;
}

export function SearchList<T>({ fetch, placeholder, emptyText, testId, row }: SearchListProps<T>) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('q') ?? '';
  const [typed, setTyped] = useState(keyword);
  const list = usePaged((page) => fetch(keyword, page), keyword);
  return (
    <>
      <SearchBox
        value={typed}
        onValue={setTyped}
        placeholder={placeholder}
        testId={`${testId}-search`}
        onSubmit={() => setParams(typed.trim() ? { q: typed.trim() } : {}, { replace: true })}
        submitLabel={t('console.search')}
        submitTestId={`${testId}-search-submit`}
        maxLength={ConsoleLimits.KEYWORD_MAX}
      />
      {list.total > 0 && <p className="console-count">{t('console.found', { n: list.total })}</p>}
      <PagedList list={list} emptyText={emptyText} testId={testId} row={row} />
    </>
  );
}
