/** /pages/mine/mine-favourites: the user's favourites by kind; remove after a confirmation. Live across terminals. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Favourite } from '@parley/protocol';
import { useFavouritesList } from '../../../favourites';
import { Paths } from '../../../routes/paths';
import { confirmDialog } from '../../../ui/dialog';
import { NavBar } from '../../../ui/NavBar';
import { showToast } from '../../../ui/toast';
import { FavouriteMedia } from './FavouriteMedia';
import { FavouritesBody } from './FavouritesBody';
import { FilterChips } from './FilterChips';
import './favourites.css';

export default function FavouritesPage() {
  const { t } = useTranslation();
  const [state, list] = useFavouritesList();

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

  return (
    <div className="page page--narrow page--fill" data-testid="favourites-page">
      <NavBar title={t('favourites.title')} backTo={Paths.mine} />
      <FilterChips value={state.filter} onChange={(f) => void list.setFilter(f)} />
      <div className="page__scroller">
        <FavouriteMedia>
          <FavouritesBody
            state={state}
            onRetry={() => void list.reload()}
            onMore={() => void list.loadMore()}
            onRemove={(fav) => void remove(fav)}
            testId="favourites-list"
          />
        </FavouriteMedia>
      </div>
    </div>
  );
}
