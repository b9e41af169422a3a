/**
 * A call record (ACT_RT_VOICE 40 / ACT_RT_VIDEO 41, docs/CALLS.md §8.7): the mode's icon,
 * the duration of a completed call or the localized outcome, and "call back". A record
 * this client cannot read (box-im's text) shows a plain "Voice call" / "Video call".
 */
import { useTranslation } from 'react-i18next';
import { CallMode, CallOutcome, formatCallDuration, modeOfRecordType, parseCallRecord } from '@parley/protocol';
import { callOutcomeWords } from '../../../../calls/callRecordWords';
import { startCall } from '../../../../calls/signals';
import { CallIcon } from '../../call/icons';

interface CallBubbleProps {
  type: number;
  content: string;
  /** The other party of the chat: the one "call back" rings. */
  peerId: number;
  /** I was the caller (records are stored caller → callee): the words differ by side. */
  selfSend: boolean;
  testId: string;
}

export function CallBubble({ type, content, peerId, selfSend, testId }: CallBubbleProps) {
  const { t } = useTranslation();
  const record = parseCallRecord(content);
  const mode = record?.mode ?? modeOfRecordType(type) ?? CallMode.VOICE;
  const outcome = record?.outcome;
  const words = record && outcome !== CallOutcome.COMPLETED ? callOutcomeWords(mode, record.outcome, selfSend) : null;
  const text = !record
    ? t(mode === CallMode.VIDEO ? 'call.videoCall' : 'call.voiceCall')
    : words
      ? t(words.key)
      : t('call.duration', { time: formatCallDuration(record.duration) });
  return (
    <div
      className={`call-bubble${words?.missed ? ' call-bubble--missed' : ''}`}
      data-missed={words?.missed ?? false}
      data-testid={testId}
      data-mode={mode}
      data-outcome={outcome ?? ''}
      data-duration={record?.duration ?? ''}
    >
      <span className="call-bubble__icon">
        <CallIcon name={mode === CallMode.VIDEO ? 'video' : 'phone'} size={20} />
      </span>
      <span className="call-bubble__text" data-testid={`${testId}-text`}>
        {text}
      </span>
      <button
        type="button"
        className="call-bubble__back"
        onClick={() => startCall(mode, peerId)}
        data-testid={`${testId}-back`}
      >
        {t('call.callBack')}
      </button>
    </div>
  );
}
