/**
 * A synced list that follows the session: started for the signed-in user, stopped at
 * sign-out, its copy on the device removed at logout (forget.ts). Call once at start.
 */
import { onForgetUser } from './forget';
import { sessionStore } from './session';
import type { SyncedList } from './syncedList';

export function followSessionWith(sync: Pick<SyncedList, 'start' | 'stop' | 'forget'>): void {
  let owner: number | null = null;
  onForgetUser((userId) => sync.forget(userId));
  const follow = () => {
    const id = sessionStore.get().user?.id ?? null;
    if (id === owner) return;
    if (owner !== null) sync.stop();
    owner = id;
    if (id !== null) sync.start(id);
  };
  sessionStore.subscribe(follow);
  follow();
}
