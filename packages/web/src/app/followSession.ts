/**
 * A per-user store that follows the session: stops at sign-out, loads at sign-in (after
 * a logout's removal of stored data has finished), and hears the socket's state at once.
 * The chat list and the system stream both work this way.
 */
import { im, type SocketState } from '../socket';
import { onForgetUser } from './forget';
import { sessionStore } from './session';

export interface SessionFollower {
  start(userId: number): Promise<void>;
  stop(): Promise<void>;
  forget(userId: number): Promise<void>;
  onConnection(state: SocketState): void;
}

/** Call once at start; `onForget` runs beside the follower's own removal at logout. */
export function followSession(follower: SessionFollower, onForget?: () => void): void {
  let owner: number | null = null;
  /** A logout's removal of the stored data: the next sign-in loads after it. */
  let forgetting: Promise<void> = Promise.resolve();
  onForgetUser((userId) => {
    forgetting = follower.forget(userId);
    onForget?.();
    return forgetting;
  });
  const follow = () => {
    const id = sessionStore.get().user?.id ?? null;
    if (id === owner) return;
    const previous = owner;
    owner = id;
    void (async () => {
      if (previous !== null) await follower.stop();
      await forgetting;
      if (id !== null && owner === id) {
        const started = follower.start(id);
        follower.onConnection(im.getState());
        await started;
      }
    })();
  };
  sessionStore.subscribe(follow);
  follow();
}
