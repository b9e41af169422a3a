/**
 * Calls across this browser's tabs (docs/CALLS.md §8.1). Tabs share the WEB terminal and
 * only the tab that opened the socket last gets frames. The tab showing a call
 * announces it; the tab holding the socket forwards that call's signals to it; and a
 * tab about to open (or resume) a call page first asks whether another tab shows it.
 */
import { onTabMessage, postToTabs } from '../app/tabs';

/** How long a tab waits for another tab to say it shows a call. */
export const CALL_ASK_MS = 300;

/** The call another tab shows, as last announced. */
let elsewhere: string | null = null;
/** The call this tab shows. */
let mine: string | null = null;
const answers = new Set<(callId: string) => void>();
let listening = false;

/** Start listening; `deliver` gets the frames another tab forwards to this one. */
export function listenForCallTabs(deliver: (frame: unknown) => void): void {
  if (listening) return;
  listening = true;
  onTabMessage((m) => {
    if ('call' in m) {
      elsewhere = m.call;
      if (m.call) for (const answer of answers) answer(m.call);
    } else if ('callAsk' in m) {
      if (mine && mine === m.callAsk) postToTabs({ call: mine });
    } else if ('callFrame' in m) {
      deliver(m.callFrame);
    }
  });
}

/** This tab shows the call (null: no call any more). */
export function announceCall(callId: string | null): void {
  if (mine === callId) return;
  mine = callId;
  postToTabs({ call: callId });
}

/** A frame of the call another tab shows (this tab holds the socket): pass it on. Returns whether it did. */
export function forwardIfElsewhere(frame: { callId: string }): boolean {
  if (!elsewhere || elsewhere !== frame.callId || mine === frame.callId) return false;
  postToTabs({ callFrame: frame });
  return true;
}

/** Whether another tab shows this call (it answers an ask within CALL_ASK_MS). */
export function shownElsewhere(callId: string): Promise<boolean> {
  if (elsewhere === callId) return Promise.resolve(true);
  return new Promise((resolve) => {
    const answer = (id: string) => {
      if (id !== callId) return;
      answers.delete(answer);
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      answers.delete(answer);
      resolve(false);
    }, CALL_ASK_MS);
    answers.add(answer);
    postToTabs({ callAsk: callId });
  });
}
