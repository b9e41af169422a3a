/**
 * The signed-in frame. Phone (< 900 px): a tab page with the bottom bar, or one full-screen
 * page, as spec §2 describes. From 900 px: the rail and one tab's list on the inline
 * start, the page the hash route names (or a placeholder) in the right pane. The list
 * stays mounted while the pane changes, so its scroll and state are kept.
 */
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { markListClick, openedFromList } from '../../routes/paneNavigation';
import { Paths, tabOfPath, type TabKey } from '../../routes/paths';
import { PanePlaceholder } from './PanePlaceholder';
import { focusPane } from './paneFocus';
import { homeListTab, isCallPage, nextListTab, paneKey } from './paneRoutes';
import { TabShell } from './TabShell';
import { useWideLayout } from './useWideLayout';
import './layout.css';

export function AppLayout() {
  const wide = useWideLayout();
  const { pathname, search } = useLocation();
  const tab = tabOfPath(pathname);
  if (!wide) return tab ? <TabShell active={tab} /> : <Outlet />;
  return <TwoPanes pathname={pathname} search={search} tab={tab} />;
}

function TwoPanes({ pathname, search, tab }: { pathname: string; search: string; tab: TabKey | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [listTab, setListTab] = useState<TabKey>(() => homeListTab(pathname));
  const [seenPath, setSeenPath] = useState(pathname);
  const pane = useRef<HTMLElement>(null);
  const pageKey = tab ? null : paneKey(pathname, search);
  // A page opened from the list takes the focus (Enter on a chat row, then type).
  useEffect(() => {
    if (pageKey && pane.current && openedFromList()) return focusPane(pane.current);
  }, [pageKey]);
  // The list follows route changes (a tab, a conversation); other pages keep the list they came from.
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setListTab(nextListTab(listTab, pathname));
  }

  const selectTab = (next: TabKey) => {
    // With a page open, a tab only changes the list: the conversation stays in the pane.
    if (tab) void navigate(Paths[next], { replace: true });
    else setListTab(next);
  };

  return (
    <div className="layout" data-testid="layout-two-panes">
      <TabShell active={tab ?? listTab} onSelectTab={selectTab} onListClick={markListClick} />
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
          <div
            className={isCallPage(pathname) ? 'layout__page layout__page--call' : 'layout__page'}
            key={pageKey ?? undefined}
          >
            <Outlet />
          </div>
        )}
      </section>
    </div>
  );
}
