/**
 * Start from what is stored (issue 11, point 3): a signed-in start shows a tab's list
 * first (the phone's tab route, or the list beside the pane from 900 px). Its chunk is
 * fetched beside the language so the first render has it; waited for 1 s at most.
 */
import { getLoginInfo } from '../../api/storage';
import { tabOfPath } from '../../routes/paths';
import { homeListTab } from './paneRoutes';
import { preloadTab } from './TabShell';
import { isWideLayout } from './useWideLayout';

export function preloadHomeList(): Promise<unknown> {
  if (!getLoginInfo()) return Promise.resolve();
  const path = location.hash.replace(/^#/, '').split('?', 1)[0] ?? '';
  const tab = isWideLayout() ? homeListTab(path || '/') : tabOfPath(path);
  if (!tab) return Promise.resolve();
  const bounded = new Promise((resolve) => setTimeout(resolve, 1000));
  return Promise.race([preloadTab(tab).catch(() => undefined), bounded]);
}
