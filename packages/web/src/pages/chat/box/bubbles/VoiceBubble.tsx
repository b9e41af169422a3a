/** A voice message: width grows with its length; one plays at a time. Audio from outside is not played: a tap warns first. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../../ui/toast';
import { parseAudio } from '../lib/content';
import { externalLinkPath, isOwnMediaUrl } from '../lib/safeMedia';
import { voiceBubbleWidth } from '../lib/format';
import { toggleVoice, useVoicePlaying } from '../lib/voicePlayer';

export function VoiceBubble({
  content,
  rowKey,
  self,
  testId,
}: {
  content: string;
  rowKey: string;
  self: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const audio = parseAudio(content);
  const external = !!audio && !isOwnMediaUrl(audio.url);
  const playing = useVoicePlaying(rowKey);
  const seconds = Math.max(1, Math.round(audio?.duration ?? 0));
  return (
    <button
      type="button"
      className={`voice${self ? ' voice--self' : ''}${playing ? ' voice--playing' : ''}`}
      style={{ width: voiceBubbleWidth(audio?.duration ?? 1) }}
      data-testid={testId}
      data-playing={playing}
      data-external={external || undefined}
      aria-label={t(playing ? 'chatBox.voicePause' : 'chatBox.voicePlay', { count: seconds })}
      disabled={!audio}
      onClick={() => {
        if (!audio) return;
        if (external) void navigate(externalLinkPath(audio.url));
        else toggleVoice(rowKey, audio.url, () => showToast(t('errors.playbackFailed')));
      }}
    >
      <svg className="voice__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M6 10.5a2 2 0 0 1 0 3" className="voice__wave voice__wave--1" />
        <path d="M9.5 7.5a6 6 0 0 1 0 9" className="voice__wave voice__wave--2" />
        <path d="M13 4.5a10.5 10.5 0 0 1 0 15" className="voice__wave voice__wave--3" />
      </svg>
      <span className="voice__len">{seconds}″</span>
    </button>
  );
}
