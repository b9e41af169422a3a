/** GET /user/find/{id} for a profile screen; the caller keys its component by id so state starts fresh. */
import { useCallback, useEffect, useState } from 'react';
import type { User } from '@parley/protocol';
import { ApiError } from '../api/ApiError';
import { call } from '../api/call';

export type ProfileState =
  { state: 'loading' } | { state: 'ready'; user: User } | { state: 'missing' } | { state: 'error' };

export function useUserProfile(id: number): { profile: ProfileState; reload: () => void } {
  const [profile, setProfile] = useState<ProfileState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    call('userFind', { params: { id }, silent: true }).then(
      (user) => alive && setProfile({ state: 'ready', user }),
      (err: unknown) => {
        if (!alive) return;
        const missing = err instanceof ApiError && (err.key === 'userNotExist' || err.key === 'notFound');
        setProfile({ state: missing ? 'missing' : 'error' });
      },
    );
    return () => {
      alive = false;
    };
  }, [id, attempt]);

  const reload = useCallback(() => {
    setProfile({ state: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { profile, reload };
}
