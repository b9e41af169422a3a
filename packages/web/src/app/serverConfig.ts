/**
 * GET /system/config, loaded at app start with the user, friends, groups and chats
 * (spec §4). Pages read the server's limits from here (the admin picker's maximum,
 * the upload size, the edit window); until it answers, or if it fails, the defaults of limits.ts hold.
 * Calls still ask for a fresh copy when they start: TURN credentials expire.
 */
import { Limits, Timing, type SystemConfig } from '@parley/protocol';
import { call } from '../api/call';
import { createStore, useStore } from './createStore';

export type ServerLimits = SystemConfig['limits'];

const DEFAULT_LIMITS: ServerLimits = {
  groupAdminsMax: Limits.GROUP_ADMINS_MAX,
  uploadMaxBytes: Limits.UPLOAD_MAX_BYTES,
};

export const serverConfigStore = createStore<SystemConfig | null>(null);

let loading: Promise<void> | null = null;

/** Load (once at a time); a failure keeps what was there, the next start or reconnect tries again. */
export function loadServerConfig(): Promise<void> {
  loading ??= call('systemConfig', { silent: true })
    .then((config) => serverConfigStore.set(config))
    .catch(() => undefined)
    .finally(() => {
      loading = null;
    });
  return loading;
}

export function clearServerConfig(): void {
  serverConfigStore.set(null);
}

export const serverLimits = (): ServerLimits => serverConfigStore.get()?.limits ?? DEFAULT_LIMITS;

export function useServerLimits(): ServerLimits {
  return useStore(serverConfigStore)?.limits ?? DEFAULT_LIMITS;
}

/** Link previews are asked for only once the server said they are on (LINK_PREVIEWS). */
export function useLinkPreviewsOn(): boolean {
  return useStore(serverConfigStore)?.message.linkPreviews ?? false;
}
/** How long after sending a message its sender may edit it (the server's EDIT_WINDOW_HOURS). */
export const editWindowMs = (): number => serverConfigStore.get()?.message.editWindowMs ?? Timing.EDIT_WINDOW_MS;
