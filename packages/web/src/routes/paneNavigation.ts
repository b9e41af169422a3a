/**
 * Two-pane history: a row tapped in the list while the right pane shows a page replaces
 * that page instead of stacking on it, so the pane's back button closes it to the
 * placeholder (history: list, page) rather than walking through every chat opened.
 */
import type { createHashRouter } from 'react-router';
import { isWideLayout } from '../pages/shell/useWideLayout';
import { tabOfPath } from './paths';

type Router = ReturnType<typeof createHashRouter>;

let fromList = false;
let listClickAt = -Infinity;

/** Called in the capture phase of a click inside the list pane; the flag lasts this event only. */
export function markListClick(): void {
  fromList = true;
  listClickAt = performance.now();
  setTimeout(() => {
    fromList = false;
  }, 0);
}

const pathOf = (to: string) => to.split(/[?#]/, 1)[0] ?? '';

export function installPaneHistory(router: Router): void {
  const navigate = router.navigate.bind(router);
  router.navigate = ((to: unknown, options?: Record<string, unknown>) => {
    const paneShown = tabOfPath(router.state.location.pathname) === null;
    if (fromList && typeof to === 'string' && tabOfPath(pathOf(to)) === null && paneShown && isWideLayout()) {
      return navigate(to, { ...options, replace: true });
    }
    return (navigate as (to: unknown, options?: unknown) => Promise<void>)(to, options);
  }) as Router['navigate'];
}

/** Whether the pane's page was just opened from the list (a click or Enter on a row). */
export function openedFromList(): boolean {
  return performance.now() - listClickAt < 1000;
}
