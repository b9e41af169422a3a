/** Console data: the Discover links (the same list the tab reads), save, delete and reorder. */
import type { DiscoverLink, DiscoverSaveRequest } from '@parley/protocol';
import { call } from '../api/call';

export const listLinks = (): Promise<DiscoverLink[]> => call('discoverLinks', { silent: true });

export const saveLink = (body: DiscoverSaveRequest): Promise<DiscoverLink> => call('consoleDiscoverSave', { body });

export const deleteLink = (id: number): Promise<null> => call('consoleDiscoverDelete', { body: { id } });

/** The links in their new display order; the server renumbers them in one step. */
export const reorderLinks = (ids: number[]): Promise<DiscoverLink[]> =>
  call('consoleDiscoverReorder', { body: { ids } });
