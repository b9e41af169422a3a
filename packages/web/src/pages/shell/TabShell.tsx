/**
 * The four-tab shell (spec §2). Visited tab pages stay mounted and hidden, and
 * each pane's scrollTop is saved on leave and restored on return. From 900 px it is
 * the list side of the two-pane layout (AppLayout).
 */
import { useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { lazyPage, type LazyPage } from '../../routes/lazyPage';
import ChatPage from '../chat/ChatPage';
import { TABS, type TabKey } from '../../routes/paths';
import { TabBar } from './TabBar';
import './shell.css';

/** A page in the main bundle: nothing to fetch. */
function eagerPage(Page: ComponentType): LazyPage {
  return Object.assign(() => <Page />, { preload: () => Promise.resolve() });
}

const pages: Record<TabKey, LazyPage> = {
  // The chat list is the first screen of nearly every start: in the main bundle, its
  // modules load with the app's (one round fewer on a slow start).
  chat: eagerPage(ChatPage),
  friend: lazyPage(() => import('../friend/FriendPage')),
  discover: lazyPage(() => import('../discover/DiscoverPage')),
  mine: lazyPage(() => import('../mine/MinePage')),
};

/**
 * Fetches a tab page's chunk before the first render: rendered suspended, React holds
 * the page back for its fallback throttle (~300 ms) although the chunk comes at once.
 */
export function preloadTab(tab: TabKey): Promise<unknown> {
  return pages[tab].preload();
}

interface TabShellProps {
  active: TabKey;
  /** Two panes: a tab chooses the list; default navigates to the tab's route. */
  onSelectTab?: (tab: TabKey) => void;
  /** Two panes: told of every click in the list before its row acts (see routes/paneNavigation). */
  onListClick?: () => void;
}

export function TabShell({ active, onSelectTab, onListClick }: TabShellProps) {
  const [visited, setVisited] = useState<ReadonlySet<TabKey>>(() => new Set([active]));
  const panes = useRef(new Map<TabKey, HTMLElement>());
  const scrollTops = useRef(new Map<TabKey, number>());
  const shown = useRef<TabKey>(active);

  if (!visited.has(active)) setVisited(new Set([...visited, active]));

  useLayoutEffect(() => {
    if (shown.current === active) return;
    shown.current = active;
    const pane = panes.current.get(active);
    if (pane) pane.scrollTop = scrollTops.current.get(active) ?? 0;
  }, [active]);

  return (
    <div className="shell">
      <TabBar active={active} onSelect={onSelectTab} />
      <main className="shell__main" onClickCapture={onListClick}>
        {TABS.filter((tab) => visited.has(tab)).map((tab) => {
          const Page = pages[tab];
          return (
            <section
              key={tab}
              className="shell__pane"
              hidden={tab !== active}
              data-testid={`tab-page-${tab}`}
              ref={(el) => {
                if (el) panes.current.set(tab, el);
                else panes.current.delete(tab);
              }}
              onScroll={(e) => {
                if (tab === shown.current) scrollTops.current.set(tab, e.currentTarget.scrollTop);
              }}
            >
              <div className="shell__content">
                <Page />
              </div>
            </section>
          );
        })}
      </main>
    </div>
  );
}
