/**
 * The one way a call changes (docs/CALLS.md §6): read → decide → compare-and-set,
 * again on a conflict. Only the writer whose update won runs `after` (pushes, records),
 * so a signal never reports a state that lost the race.
 */
import { AppError } from '../../http/app-error.js';
import { deadlineOf, type CallStore, type StoredCall, type Versioned, type Write } from './call-store.js';

/** Compare-and-set attempts before giving up with serverBusy. */
export const MAX_TRIES = 5;

/** What a transition decided: a reply without writing, or the next state (null: the call ends) and what follows. */
export type Step<T> = { reply: T | Promise<T> } | { next: StoredCall | null; after: () => Promise<T> };

export async function transition<T>(
  store: CallStore,
  read: () => Promise<Versioned | null>,
  decide: (v: Versioned | null) => Step<T>,
  refused: (written: Exclude<Write, 'ok' | 'conflict'>) => AppError = () => new AppError('serverBusy'),
): Promise<T> {
  for (let i = 0; i < MAX_TRIES; i++) {
    const v = await read();
    const step = decide(v);
    if ('reply' in step) return step.reply;
    if (!v) throw new AppError('callNotFound');
    const { next } = step;
    const written = await store.update(v.call.id, v.version, next, next ? deadlineOf(next) : 0);
    if (written === 'ok') return step.after();
    if (written !== 'conflict') throw refused(written);
  }
  throw new AppError('serverBusy');
}
