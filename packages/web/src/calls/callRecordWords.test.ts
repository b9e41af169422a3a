import { describe, expect, it } from 'vitest';
import { CallMode, CallOutcome, buildCallRecord } from '@parley/protocol';
import { callOutcomeWords, isMissedCall } from './callRecordWords';

describe('call record words per side', () => {
  it('a ring nobody answered is a missed call for the callee, in the mode it had', () => {
    for (const outcome of [CallOutcome.NOT_ANSWERED, CallOutcome.CANCELLED, CallOutcome.BUSY, CallOutcome.OFFLINE]) {
      expect(callOutcomeWords(CallMode.VOICE, outcome, false)).toEqual({ key: 'call.missedVoice', missed: true });
      expect(callOutcomeWords(CallMode.VIDEO, outcome, false)).toEqual({ key: 'call.missedVideo', missed: true });
    }
  });

  it('the caller reads "No answer" for a timeout or an unreachable callee, and their own outcome otherwise', () => {
    expect(callOutcomeWords(CallMode.VOICE, CallOutcome.NOT_ANSWERED, true)).toEqual({
      key: 'call.outcome.notAnswered',
      missed: false,
    });
    expect(callOutcomeWords(CallMode.VIDEO, CallOutcome.OFFLINE, true).key).toBe('call.outcome.notAnswered');
    expect(callOutcomeWords(CallMode.VOICE, CallOutcome.CANCELLED, true).key).toBe('call.outcome.cancelled');
    expect(callOutcomeWords(CallMode.VOICE, CallOutcome.BUSY, true).key).toBe('call.outcome.busy');
  });

  it('a rejected or failed call is not missed on either side', () => {
    for (const selfSend of [true, false]) {
      expect(callOutcomeWords(CallMode.VOICE, CallOutcome.REJECTED, selfSend)).toEqual({
        key: 'call.outcome.rejected',
        missed: false,
      });
      expect(callOutcomeWords(CallMode.VIDEO, CallOutcome.FAILED, selfSend).missed).toBe(false);
    }
  });

  it('isMissedCall reads the stored record; completed calls and unreadable content are not missed', () => {
    expect(isMissedCall(buildCallRecord(CallMode.VIDEO, CallOutcome.CANCELLED), false)).toBe(true);
    expect(isMissedCall(buildCallRecord(CallMode.VIDEO, CallOutcome.CANCELLED), true)).toBe(false);
    expect(isMissedCall(buildCallRecord(CallMode.VOICE, CallOutcome.COMPLETED, 12), false)).toBe(false);
    expect(isMissedCall('通话时长 00:35', false)).toBe(false);
  });
});
