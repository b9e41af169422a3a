/** The composer's favourites picker: the same filters and cards in a sheet; a tap sends that favourite into the chat. */
import { useTranslation } from 'react-i18next';
import type { Favourite } from '@parley/protocol';
import { useFavouritesList } from '../../../favourites';
import { Sheet } from '../../../ui/Sheet';
import { FavouriteMedia } from './FavouriteMedia';
import { FavouritesBody } from './FavouritesBody';
import { FilterChips } from './FilterChips';
import './favourites.css';

export function FavouritePicker({ onPick, onClose }: { onPick: (fav: Favourite) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [state, list] = useFavouritesList();
  return (
    <Sheet title={t('favourites.pickTitle')} onClose={onClose} testId="favourite-picker">
      <div className="fav-picker">
        <FilterChips value={state.filter} onChange={(f) => void list.setFilter(f)} />
        <FavouriteMedia>
          <FavouritesBody
            state={state}
            onRetry={() => void list.reload()}
            onMore={() => void list.loadMore()}
            onPick={onPick}
            testId="favourite-picker-list"
          />
        </FavouriteMedia>
      </div>
    </Sheet>
  );
}
