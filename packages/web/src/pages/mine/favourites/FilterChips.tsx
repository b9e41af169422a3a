/** The filter chips of the Favourites page and picker: every kind, or one message type. */
import { useTranslation } from 'react-i18next';
import { FAVOURITE_TYPES, MessageType } from '@parley/protocol';
import type { FavouriteFilter } from '../../../favourites';

const NAMES: Record<number, string> = {
  [MessageType.TEXT]: 'text',
  [MessageType.IMAGE]: 'image',
  [MessageType.FILE]: 'file',
  [MessageType.AUDIO]: 'voice',
  [MessageType.VIDEO]: 'video',
  [MessageType.CARD]: 'card',
};
export const FILTERS: readonly FavouriteFilter[] = ['all', ...FAVOURITE_TYPES];
export const filterName = (f: FavouriteFilter | number): string => (f === 'all' ? 'all' : (NAMES[f] ?? 'all'));
export const filterLabelKey = (f: FavouriteFilter | number): string => `favourites.filter.${filterName(f)}`;
/** One item's kind (singular), shown on its card. */
export const kindLabelKey = (type: number): string => `favourites.kind.${filterName(type)}`;

export function FilterChips({ value, onChange }: { value: FavouriteFilter; onChange: (f: FavouriteFilter) => void }) {
  const { t } = useTranslation();
  return (
    <div className="fav-chips" role="radiogroup" aria-label={t('favourites.filterLabel')}>
      {FILTERS.map((f) => (
        <button
          key={filterName(f)}
          type="button"
          role="radio"
          aria-checked={value === f}
          className={`fav-chip${value === f ? ' fav-chip--on' : ''}`}
          data-testid={`favourites-filter-${filterName(f)}`}
          onClick={() => onChange(f)}
        >
          {t(filterLabelKey(f))}
        </button>
      ))}
    </div>
  );
}
