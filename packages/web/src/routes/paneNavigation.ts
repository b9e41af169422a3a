/**
 * Two-pane history: a row tapped in the list while the right pane shows a page opened
 * beside that same list replaces that page instead of stacking on it, so the pane's back
 * button closes it to the placeholder (history: list, page) rather than walking through
 * every chat opened. A page opened beside another list stays behind the new one: Mine →
 * Language with a chat open, and back returns to the chat.
 */
import type { createHashRouter } from 'react-router';
import { isWideLayout } from '../pages/shell/useWideLayout';
import { tabOfPath, type TabKey } from './paths';

type Router = ReturnType<typeof createHashRouter>;

let fromList: TabKey | null = null;
let listClickAt = -Infinity;
/** The list each history entry's page was opened beside (by location key; lost on reload). */
const pageLists = new Map<string, TabKey>();

/** Called in the capture phase of a click inside the list pane; the mark lasts this event only. */
export function markListClick(list: TabKey): void {
  fromList = list;
  listClickAt = performance.now();
  setTimeout(() => {
    fromList = null;
  }, 0);
}

/** AppLayout: the page of history entry `key` opened beside `list`. */
export function notePageList(key: string, list: TabKey): void {
  pageLists.set(key, list);
}

const pathOf = (to: string) => to.split(/[?#]/, 1)[0] ?? '';

export function installPaneHistory(router: Router): void {
  const navigate = router.navigate.bind(router);
  router.navigate = ((to: unknown, options?: Record<string, unknown>) => {
    const { pathname, key } = router.state.location;
    const paneShown = tabOfPath(pathname) === null;
    const sameList = fromList !== null && pageLists.get(key) === fromList;
    if (sameList && typeof to === 'string' && tabOfPath(pathOf(to)) === null && paneShown && isWideLayout()) {
      return navigate(to, { ...options, replace: true });
    }
    return (navigate as (to: unknown, options?: unknown) => Promise<void>)(to, options);
  }) as Router['navigate'];
}

/** Whether the pane's page was just opened from the list (a click or Enter on a row). */
export function openedFromList(): boolean {
  return performance.now() - listClickAt < 1000;
}
