/**
 * The voice button and the recording bar. Touch: hold to talk, release to send,
 * slide up to cancel. Mouse and keyboard: click to start, then stop or cancel.
 */
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../../ui/Spinner';
import { formatDuration } from '../lib/format';
import type { useVoiceRecorder } from './useVoiceRecorder';

type Recorder = ReturnType<typeof useVoiceRecorder>;

const CANCEL_SLIDE_PX = 60;

interface VoiceButtonProps {
  recorder: Recorder;
  onHoldChange: (h: HoldState) => void;
  /** A recording starts: panels close. */
  onStart: () => void;
}

export function VoiceButton({ recorder, onHoldChange, onStart }: VoiceButtonProps) {
  const { t } = useTranslation();
  const hold = useRef<{ y: number; cancel: boolean } | null>(null);
  const lastTouch = useRef(0);

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.pointerType === 'mouse') return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    lastTouch.current = e.timeStamp;
    hold.current = { y: e.clientY, cancel: false };
    onHoldChange({ holding: true, cancel: false });
    onStart();
    void recorder.start();
  };
  const onPointerMove = (e: PointerEvent) => {
    const h = hold.current;
    if (!h) return;
    const cancel = h.y - e.clientY > CANCEL_SLIDE_PX;
    if (cancel !== h.cancel) {
      h.cancel = cancel;
      onHoldChange({ holding: true, cancel });
    }
  };
  const onPointerUp = () => {
    const h = hold.current;
    if (!h) return;
    hold.current = null;
    onHoldChange({ holding: false, cancel: false });
    if (h.cancel) recorder.cancel();
    else recorder.stop();
  };

  return (
    <button
      type="button"
      className={`composer__icon${recorder.phase !== 'idle' ? ' composer__icon--active' : ''}`}
      aria-label={t('chatBox.voice')}
      title={t('chatBox.voice')}
      data-testid="composer-voice"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onContextMenu={(e) => e.preventDefault()}
      onClick={(e) => {
        // the click that follows a touch hold is not a toggle
        if (e.timeStamp - lastTouch.current < 1500 && lastTouch.current > 0) return;
        if (recorder.phase === 'idle') {
          onStart();
          void recorder.start();
        } else if (recorder.phase === 'recording') recorder.stop();
      }}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}

export interface HoldState {
  holding: boolean;
  cancel: boolean;
}

export function useHoldState() {
  return useState<HoldState>({ holding: false, cancel: false });
}

export function RecordingBar({ recorder, hold }: { recorder: Recorder; hold: HoldState }) {
  const { t } = useTranslation();
  if (recorder.phase === 'idle') return null;
  const hint = hold.holding
    ? t(hold.cancel ? 'chatBox.releaseToCancel' : 'chatBox.releaseToSend')
    : recorder.phase === 'starting'
      ? t('chatBox.micStarting')
      : recorder.phase === 'encoding'
        ? t('chatBox.voiceEncoding')
        : t('chatBox.recording');
  return (
    <div
      className={`recording-bar${hold.cancel ? ' recording-bar--cancel' : ''}`}
      role="status"
      data-testid="voice-recorder"
      data-phase={recorder.phase}
    >
      {recorder.phase === 'encoding' ? <Spinner size={18} /> : <span className="recording-bar__dot" aria-hidden />}
      <span className="recording-bar__time">{formatDuration(recorder.elapsed / 1000)}</span>
      <span className="recording-bar__hint">{hint}</span>
      {!hold.holding && recorder.phase !== 'encoding' && (
        <>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={recorder.cancel}
            data-testid="voice-cancel"
          >
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary btn--small"
            onClick={recorder.stop}
            disabled={recorder.phase !== 'recording'}
            data-testid="voice-stop"
          >
            {t('chatBox.voiceSend')}
          </button>
        </>
      )}
    </div>
  );
}
