/** Console data: the Discover links (the same list the tab reads), save and delete. */
import type { DiscoverLink, DiscoverSaveRequest } from '@parley/protocol';
import { call } from '../api/call';

export const listLinks = (): Promise<DiscoverLink[]> => call('discoverLinks', { silent: true });

export const saveLink = (body: DiscoverSaveRequest): Promise<DiscoverLink> => call('consoleDiscoverSave', { body });

export const deleteLink = (id: number): Promise<null> => call('consoleDiscoverDelete', { body: { id } });
