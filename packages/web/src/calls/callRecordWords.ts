/**
 * What a call record says to each side (issue 22 point 3, docs/CALLS.md §2.4). The
 * record is stored caller → callee, so `selfSend` is "I called". A ring that ended
 * without an answer (the caller cancelled, it timed out, I was busy or unreachable) is a
 * missed call for the callee, shown in red; the caller reads "No answer" (or
 * "Cancelled" when they hung up first). A rejected call is declined on both sides.
 */
import { CallMode, CallOutcome, parseCallRecord, type CallRecordContent } from '@parley/protocol';

/** Outcomes that are a missed call for the callee: the ring ended and nobody answered. */
const MISSED: ReadonlySet<CallOutcome> = new Set([
  CallOutcome.NOT_ANSWERED,
  CallOutcome.CANCELLED,
  CallOutcome.BUSY,
  CallOutcome.OFFLINE,
]);

export interface CallRecordWords {
  /** i18n key of the words. */
  key: string;
  /** A missed call of mine (callee): shown in red. */
  missed: boolean;
}

/** The bubble's words for a completed-or-not record, by side. Completed calls show their duration instead. */
export function callOutcomeWords(mode: CallMode, outcome: CallOutcome, selfSend: boolean): CallRecordWords {
  if (!selfSend && MISSED.has(outcome)) {
    return { key: mode === CallMode.VIDEO ? 'call.missedVideo' : 'call.missedVoice', missed: true };
  }
  if (outcome === CallOutcome.NOT_ANSWERED || outcome === CallOutcome.OFFLINE) {
    return { key: 'call.outcome.notAnswered', missed: false };
  }
  return { key: `call.outcome.${outcome}`, missed: false };
}

/** Whether a record's content is a call I missed (the chat list's red preview). */
export function isMissedCall(content: string, selfSend: boolean): boolean {
  const record: CallRecordContent | undefined = parseCallRecord(content);
  return (
    record !== undefined &&
    record.outcome !== CallOutcome.COMPLETED &&
    callOutcomeWords(record.mode, record.outcome, selfSend).missed
  );
}
