/** Console data: users (search, one user, ban, unban, delete, reset the password). */
import type { ConsoleUser } from '@parley/protocol';
import { call } from '../api/call';
import type { Page } from './usePaged';

export const searchUsers = (keyword: string, page: number): Promise<Page<ConsoleUser>> =>
  call('consoleUsers', { query: keyword ? { keyword, page } : { page }, silent: true });

export const getUser = (id: number): Promise<ConsoleUser> => call('consoleUser', { query: { id }, silent: true });

export const banUser = (id: number, reason: string): Promise<ConsoleUser> =>
  call('consoleUserBan', { body: { id, reason } });

export const unbanUser = (id: number): Promise<ConsoleUser> => call('consoleUserUnban', { body: { id } });

export const deleteUser = (id: number): Promise<ConsoleUser> => call('consoleUserDelete', { body: { id } });

/** A random temporary password for the user, shown once; every session of the user ends. */
export const resetUserPassword = (id: number): Promise<{ password: string }> =>
  call('consoleUserResetPassword', { body: { id } });
