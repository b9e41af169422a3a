/** Console data: groups (search, one group, ban, unban). */
import type { ConsoleGroup } from '@parley/protocol';
import { call } from '../api/call';
import type { Page } from './usePaged';

export const searchGroups = (keyword: string, page: number): Promise<Page<ConsoleGroup>> =>
  call('consoleGroups', { query: keyword ? { keyword, page } : { page }, silent: true });

export const getGroup = (id: number): Promise<ConsoleGroup> => call('consoleGroup', { query: { id }, silent: true });

export const banGroup = (id: number, reason: string): Promise<ConsoleGroup> =>
  call('consoleGroupBan', { body: { id, reason } });

export const unbanGroup = (id: number): Promise<ConsoleGroup> => call('consoleGroupUnban', { body: { id } });
