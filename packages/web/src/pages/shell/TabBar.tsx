/** Bottom tab bar (spec §2): 50 px, 24 px icons, 10 px labels, selected #FFD30F. A left rail on desktop. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTotalUnread } from '../../chat';
import { usePendingRequestCount } from '../../contacts/requests';
import { Paths, TABS, type TabKey } from '../../routes/paths';
import { TabIcon } from './TabIcon';

export function TabBar({ active, onSelect }: { active: TabKey; onSelect?: (tab: TabKey) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useTotalUnread();
  // Friend requests waiting for my answer (issue 22 point 1).
  const requests = usePendingRequestCount();
  return (
    <nav className="tabbar" aria-label={t('tabs.navigation')}>
      {TABS.map((tab) => {
        const selected = tab === active;
        return (
          <button
            key={tab}
            type="button"
            className={selected ? 'tabbar__item tabbar__item--active' : 'tabbar__item'}
            aria-current={selected ? 'page' : undefined}
            data-testid={`tab-${tab}`}
            onClick={() => {
              if (selected) return;
              if (onSelect) onSelect(tab);
              else void navigate(Paths[tab], { replace: true });
            }}
          >
            <span className="tabbar__icon-wrap">
              <TabIcon tab={tab} filled={selected} />
              {tab === 'chat' && unread > 0 && (
                <span className="tabbar__badge" data-testid="tab-chat-unread">
                  {unread > 99 ? '99+' : unread}
                </span>
              )}
              {tab === 'friend' && requests > 0 && (
                <span className="tabbar__badge" data-testid="tab-friend-requests">
                  {requests > 99 ? '99+' : requests}
                </span>
              )}
            </span>
            <span className="tabbar__label">{t(`tabs.${tab}`)}</span>
          </button>
        );
      })}
    </nav>
  );
}
