/** GET /user/find/{id} for a profile screen; the caller keys its component by id so state starts fresh. */
import type { User } from '@parley/protocol';
import { call } from '../api/call';
import { useLoad } from '../api/useLoad';

export type ProfileState =
  { state: 'loading' } | { state: 'ready'; user: User } | { state: 'missing' } | { state: 'error' };

export function useUserProfile(id: number): { profile: ProfileState; reload: () => void } {
  const { loaded, reload } = useLoad(() => call('userFind', { params: { id }, silent: true }), 'userNotExist', id);
  const profile: ProfileState = loaded.state === 'ready' ? { state: 'ready', user: loaded.value } : loaded;
  return { profile, reload };
}
