/** Console data: sending a system notification and the list of sent ones. */
import type { ConsoleSystemItem, ConsoleSystemSendRequest, ImageUploadResult } from '@parley/protocol';
import { call, upload } from '../api/call';
import type { Page } from './usePaged';

export const sendSystemMessage = (body: ConsoleSystemSendRequest): Promise<{ id: number; recipients: number }> =>
  call('consoleSystemSend', { body });

export const listSystemMessages = (page: number): Promise<Page<ConsoleSystemItem>> =>
  call('consoleSystemList', { query: { page }, silent: true });

/** Covers, icons and banners go through the ordinary image upload. */
export const uploadImage = (file: File): Promise<ImageUploadResult> => upload('imageUpload', file);
