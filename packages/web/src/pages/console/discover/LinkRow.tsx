/** One Discover link in the console: icon, title, address, badges, move up/down, edit, delete. */
import { useTranslation } from 'react-i18next';
import type { DiscoverLink } from '@parley/protocol';
import { Avatar } from '../../../ui/Avatar';

interface LinkRowProps {
  link: DiscoverLink;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onMove: (delta: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function LinkRow({ link, first, last, disabled, onMove, onEdit, onDelete }: LinkRowProps) {
  const { t } = useTranslation();
  return (
    <li className="console-row console-row--static console-link" data-testid={`console-link-${link.id}`}>
      <span className="console-link__main">
        <Avatar src={link.iconUrl} name={link.title} size={40} />
        <span className="console-person__text">
          <span className="console-person__name" dir="auto">
            {link.title}
          </span>
          <span className="console-muted console-row__clip">
            <bdi>{link.url}</bdi>
          </span>
          <span className="console-flags">
            {link.featured && (
              <span className="console-flag console-flag--yellow">{t('console.discover.featured')}</span>
            )}
            <span className={link.frameable ? 'console-flag console-flag--green' : 'console-flag console-flag--grey'}>
              {link.frameable ? t('console.discover.inside') : t('console.discover.outside')}
            </span>
          </span>
        </span>
      </span>
      <span className="console-link__actions">
        <button
          type="button"
          className="icon-btn"
          disabled={first || disabled}
          onClick={() => onMove(-1)}
          aria-label={t('console.discover.up')}
          data-testid={`console-link-up-${link.id}`}
        >
          ↑
        </button>
        <button
          type="button"
          className="icon-btn"
          disabled={last || disabled}
          onClick={() => onMove(1)}
          aria-label={t('console.discover.down')}
          data-testid={`console-link-down-${link.id}`}
        >
          ↓
        </button>
        <button type="button" className="btn btn--small" onClick={onEdit} data-testid={`console-link-edit-${link.id}`}>
          {t('console.actions.edit')}
        </button>
        <button
          type="button"
          className="btn btn--small btn--danger"
          onClick={onDelete}
          data-testid={`console-link-delete-${link.id}`}
        >
          {t('console.discover.delete')}
        </button>
      </span>
    </li>
  );
}
