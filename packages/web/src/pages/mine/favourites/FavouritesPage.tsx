/**
 * /pages/mine/mine-favourites: the user's favourites by kind and by search (the server
 * filters, as the list is paged); each item opens with a tap and has a menu (open, jump to
 * the original, copy, forward, remove after a confirmation). Live across terminals.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_KEYWORD_MAX, type Favourite } from '@parley/protocol';
import { useFavouritesList } from '../../../favourites';
import { Paths } from '../../../routes/paths';
import { SEARCH_DEBOUNCE_MS } from '../../../search/useMessageSearch';
import { confirmDialog } from '../../../ui/dialog';
import { NavBar } from '../../../ui/NavBar';
import { SearchBox } from '../../../ui/SearchBox';
import { showToast } from '../../../ui/toast';
import { FavouriteMedia } from './FavouriteMedia';
import { FavouritesBody } from './FavouritesBody';
import { FilterChips } from './FilterChips';
import { useFavouriteMenu } from './useFavouriteMenu';
import './favourites.css';

export default function FavouritesPage() {
  const { t } = useTranslation();
  const [state, list] = useFavouritesList();
  const [typed, setTyped] = useState('');

  // The server is asked once typing pauses; clearing the box shows everything at once.
  useEffect(() => {
    if (typed.trim() === '') return void list.setKeyword('');
    const id = setTimeout(() => void list.setKeyword(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [typed, list]);

  const remove = useCallback(
    async (fav: Favourite) => {
      const ok = await confirmDialog({
        content: t('favourites.removeConfirm'),
        confirmText: t('favourites.remove'),
        testId: 'favourite-remove-dialog',
      });
      if (!ok) return;
      try {
        await list.remove(fav.id);
        showToast(t('favourites.removed'));
      } catch {
        // the request wrapper showed why
      }
    },
    [list, t],
  );
  const menu = useFavouriteMenu((fav) => void remove(fav));

  return (
    <div className="page page--narrow page--fill" data-testid="favourites-page">
      <NavBar title={t('favourites.title')} backTo={Paths.mine} />
      <div className="fav-search">
        <SearchBox
          value={typed}
          onValue={setTyped}
          placeholder={t('favourites.search')}
          testId="favourites-search"
          maxLength={SEARCH_KEYWORD_MAX}
        />
      </div>
      <FilterChips value={state.filter} onChange={(f) => void list.setFilter(f)} />
      <div className="page__scroller">
        <FavouriteMedia>
          <FavouritesBody
            state={state}
            onRetry={() => void list.reload()}
            onMore={() => void list.loadMore()}
            onMenu={menu.open}
            onOpenText={menu.openText}
            testId="favourites-list"
          />
        </FavouriteMedia>
      </div>
      {menu.menu}
    </div>
  );
}
