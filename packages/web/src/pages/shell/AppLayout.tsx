/**
 * The signed-in frame. Phone (< 900 px): a tab page with the bottom bar, or one full-screen
 * page, as spec §2 describes. From 900 px: the rail and one tab's list on the inline
 * start, the page the hash route names (or a placeholder) in the right pane. The list
 * stays mounted while the pane changes, so its scroll and state are kept.
 */
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { useTranslation } from 'react-i18next';
import { markListClick, notePageList, openedFromList } from '../../routes/paneNavigation';
import { Paths, tabOfPath, type TabKey } from '../../routes/paths';
import { PanePlaceholder } from './PanePlaceholder';
import { focusPane } from './paneFocus';
import { homeListTab, isCallPage, nextListTab, paneKey } from './paneRoutes';
import { TabShell } from './TabShell';
import { useWideLayout } from './useWideLayout';
import './layout.css';

export function AppLayout() {
  const wide = useWideLayout();
  const { pathname, search, key } = useLocation();
  const tab = tabOfPath(pathname);
  if (!wide) return tab ? <TabShell active={tab} /> : <Outlet />;
  return <TwoPanes pathname={pathname} search={search} locationKey={key} tab={tab} />;
}

interface TwoPanesProps {
  pathname: string;
  search: string;
  locationKey: string;
  tab: TabKey | null;
}

function TwoPanes({ pathname, search, locationKey, tab }: TwoPanesProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = useNavigationType() === 'POP';
  const [listTab, setListTab] = useState<TabKey>(() => homeListTab(pathname));
  const [seenKey, setSeenKey] = useState<string | null>(null);
  const pane = useRef<HTMLElement>(null);
  const pageKey = tab ? null : paneKey(pathname, search);
  // A page opened from the list takes the focus (Enter on a chat row, then type).
  useEffect(() => {
    if (pageKey && pane.current && openedFromList()) return focusPane(pane.current);
  }, [pageKey]);
  // The list follows route changes (a tab, a conversation); other pages keep the list they
  // came from, and back keeps the list the user was looking at.
  if (seenKey !== locationKey) {
    const list = seenKey === null ? listTab : nextListTab(listTab, pathname, back);
    setSeenKey(locationKey);
    setListTab(list);
    // Which list this history entry's page opened beside: a tap in another list stacks on it.
    if (!back || seenKey === null) notePageList(locationKey, list);
  }

  // Leaving a call page ends the call: the list stays in view but takes no taps meanwhile.
  const inCall = isCallPage(pathname);
  const selectTab = (next: TabKey) => {
    // With a page open, a tab only changes the list: the conversation stays in the pane.
    if (tab) void navigate(Paths[next], { replace: true });
    else setListTab(next);
  };

  return (
    <div className="layout" data-testid="layout-two-panes">
      <div className="layout__list" inert={inCall} data-testid="layout-list">
        <TabShell active={tab ?? listTab} onSelectTab={selectTab} onListClick={() => markListClick(tab ?? listTab)} />
      </div>
      <section
        ref={pane}
        className="layout__pane"
        tabIndex={-1}
        aria-label={t('layout.paneLabel')}
        data-testid="layout-pane"
      >
        {tab ? (
          <PanePlaceholder tab={tab} />
        ) : (
          <div className="layout__page" key={pageKey ?? undefined}>
            <Outlet />
          </div>
        )}
      </section>
    </div>
  );
}
