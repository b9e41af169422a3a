/**
 * A voice message: play button, its waveform's bars (issue 22 point 8: coloured as it
 * plays, a tap on them seeks) and its length; width grows with its length; one plays at
 * a time. A message sent before waveforms draws a flat line. Audio from outside is not
 * played: a tap warns first.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../../ui/toast';
import { parseAudio } from '../lib/content';
import { externalLinkPath, isOwnMediaUrl } from '../lib/safeMedia';
import { voiceBubbleWidth } from '../lib/format';
import { toggleVoice, useVoicePlaying, useVoiceProgress } from '../lib/voicePlayer';
import { fitBars, seekFraction } from '../lib/waveform';

/** Room for the bars beside the button and the length; each bar takes 4 px (3 px and a gap). */
const CHROME_WIDTH = 84;
const WAVE_EXTRA = 56;
const BAR_STEP = 4;

export function VoiceBubble({
  content,
  rowKey,
  self,
  testId,
  onPlay,
}: {
  content: string;
  rowKey: string;
  self: boolean;
  testId: string;
  /** Called when it starts playing (a received one's unplayed dot goes). */
  onPlay?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const audio = parseAudio(content);
  const external = !!audio && !isOwnMediaUrl(audio.url);
  const playing = useVoicePlaying(rowKey);
  const progress = useVoiceProgress(rowKey);
  const seconds = Math.max(1, Math.round(audio?.duration ?? 0));
  const width = voiceBubbleWidth(audio?.duration ?? 1) + WAVE_EXTRA;
  const bars = fitBars(audio?.waveform, Math.floor((width - CHROME_WIDTH) / BAR_STEP));
  const played = Math.round(progress * bars.length);

  const play = (from?: number) => {
    if (!audio) return;
    if (external) return void navigate(externalLinkPath(audio.url));
    if (!playing) onPlay?.();
    toggleVoice(rowKey, audio.url, () => showToast(t('errors.playbackFailed')), from);
  };
  return (
    <div
      className={`voice${self ? ' voice--self' : ''}${playing ? ' voice--playing' : ''}`}
      style={{ width }}
      data-testid={testId}
      data-playing={playing}
      data-external={external || undefined}
    >
      <button
        type="button"
        className="voice__play"
        aria-label={t(playing ? 'chatBox.voicePause' : 'chatBox.voicePlay', { count: seconds })}
        data-testid={`${testId}-play`}
        disabled={!audio}
        onClick={() => play()}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d={playing ? 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z' : 'M7 4.5v15l12-7.5z'} fill="currentColor" />
        </svg>
      </button>
      <span
        className="voice__bars"
        data-testid={`${testId}-bars`}
        data-waveform={audio?.waveform ? 'sent' : 'flat'}
        aria-hidden="true"
        // Tap-to-seek: a pointer aid beside the button, which keyboards and readers use.
        onClick={(e) => {
          const r = e.currentTarget.getBoundingClientRect();
          const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
          play(seekFraction(e.clientX, r.left, r.width, rtl));
        }}
      >
        {bars.map((level, i) => (
          <span
            key={i}
            className={`voice__bar${i < played ? ' voice__bar--played' : ''}`}
            style={{ height: `${Math.round(3 + (level / 31) * 19)}px` }}
          />
        ))}
      </span>
      <span className="voice__len">{seconds}″</span>
    </div>
  );
}
