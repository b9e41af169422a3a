/** The list part shared by the page and the picker: states, the virtualised cards, more pages on scroll. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Favourite } from '@parley/protocol';
import type { FavouritesState } from '../../../favourites';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { VirtualList } from '../../../ui/VirtualList';
import { useNow } from '../../chat/box/useNow';
import { FAVOURITE_ROW_HEIGHT, FavouriteCard } from './FavouriteCard';

interface FavouritesBodyProps {
  state: FavouritesState;
  onRetry: () => void;
  onMore: () => void;
  onMenu?: (fav: Favourite, x: number, y: number) => void;
  onOpenText?: (fav: Favourite) => void;
  onPick?: (fav: Favourite) => void;
  testId: string;
}

/** Asks for the next page when the end of the list comes into view (or is already in view). */
function MoreSentinel({ onMore }: { onMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more.current(), {
      rootMargin: '400px 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="fav-more">
      <Spinner />
    </div>
  );
}

export function FavouritesBody(props: FavouritesBodyProps) {
  const { state, onRetry, onMore, onMenu, onOpenText, onPick, testId } = props;
  const { t } = useTranslation();
  const now = useNow();
  if (state.items.length === 0) {
    if (state.status === 'error') {
      return (
        <button type="button" className="page-state page-state--error" onClick={onRetry}>
          {t('favourites.loadFailed')}
        </button>
      );
    }
    if (state.status === 'ready') {
      const everything = state.filter === 'all' && state.keyword === '';
      const title = state.keyword
        ? t('favourites.noMatches', { keyword: state.keyword })
        : t(everything ? 'favourites.emptyTitle' : 'favourites.emptyFiltered');
      return (
        <EmptyState
          testId={`${testId}-empty`}
          title={title}
          text={everything ? t('favourites.emptyText') : undefined}
        />
      );
    }
    return (
      <div className="page-state">
        <Spinner />
      </div>
    );
  }
  return (
    <>
      <VirtualList
        items={state.items}
        rowHeight={FAVOURITE_ROW_HEIGHT}
        itemKey={(f) => f.id}
        renderItem={(f) => <FavouriteCard fav={f} now={now} onMenu={onMenu} onOpenText={onOpenText} onPick={onPick} />}
        className="fav-list"
        testId={testId}
      />
      {state.hasMore && <MoreSentinel onMore={onMore} />}
    </>
  );
}
