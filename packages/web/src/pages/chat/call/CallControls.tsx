/** The buttons of the call page by phase: accept/decline while rung, cancel while calling, the in-call controls. */
import { useTranslation } from 'react-i18next';
import type { CallView, PrivateCall } from '../../../calls/privateCall';
import { CallIcon, type CallIconName } from './icons';

interface ButtonProps {
  icon: CallIconName;
  label: string;
  testId: string;
  onClick: () => void;
  tone?: 'accept' | 'end';
  /**
   * A toggle: pressed = what its constant label names is on (muted, camera on, speaker on),
   * so the name and aria-pressed never contradict each other.
   */
  pressed?: boolean;
}

export function CallButton({ icon, label, testId, onClick, tone, pressed }: ButtonProps) {
  return (
    <button
      type="button"
      className={`call-btn${tone ? ` call-btn--${tone}` : ''}${pressed ? ' call-btn--on' : ''}`}
      onClick={onClick}
      aria-pressed={pressed}
      data-testid={testId}
    >
      <span className="call-btn__circle">
        <CallIcon name={icon} />
      </span>
      <span className="call-btn__label">{label}</span>
    </button>
  );
}

interface ControlsProps extends VolumeProps {
  call: PrivateCall;
  view: CallView;
  video: boolean;
}

export function CallControls({ call, view, video, ...sound }: ControlsProps) {
  const { t } = useTranslation();
  const hangUp = () => call.hangUp();
  if (view.phase === 'incoming') {
    return (
      <div className="call-controls call-controls--ring">
        <CallButton icon="hangup" label={t('call.decline')} testId="call-reject" onClick={hangUp} tone="end" />
        <CallButton
          icon={video ? 'video' : 'phone'}
          label={t('call.accept')}
          testId="call-accept"
          onClick={() => call.accept()}
          tone="accept"
        />
      </div>
    );
  }
  if (view.phase === 'calling' || view.phase === 'starting') {
    return (
      <div className="call-controls call-controls--ring">
        <CallButton icon="hangup" label={t('common.cancel')} testId="call-cancel" onClick={hangUp} tone="end" />
      </div>
    );
  }
  return (
    <div className="call-controls">
      <div className="call-controls__row">
        <DeviceButtons call={call} view={view} camera={video} sound={sound} />
        {video && view.canSwitchCamera && (
          <CallButton
            icon="flip"
            label={t('call.switchCamera')}
            testId="call-switch-camera"
            onClick={() => void call.switchCamera()}
          />
        )}
      </div>
      <VolumeControl {...sound} />
      <div className="call-controls__row">
        <CallButton icon="hangup" label={t('call.hangUp')} testId="call-hangup" onClick={hangUp} tone="end" />
      </div>
    </div>
  );
}

export interface VolumeProps {
  volume: number;
  onVolume: (v: number) => void;
  speakerOn: boolean;
  onSpeakerToggle: () => void;
  /** Output devices to choose from (several, and the browser can switch). */
  speakers: MediaDeviceInfo[];
  speaker: string;
  onSpeaker: (deviceId: string) => void;
}

/** The speaker volume slider and, where there are several outputs, the output picker. */
export function VolumeControl({ volume, onVolume, speakers, speaker, onSpeaker }: VolumeProps) {
  const { t } = useTranslation();
  return (
    <>
      <label className="call-volume">
        <CallIcon name="speaker" size={20} />
        <input
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={volume}
          onChange={(e) => onVolume(Number(e.target.value))}
          aria-label={t('call.volume')}
          data-testid="call-volume"
        />
      </label>
      {speakers.length > 1 && (
        <select
          className="call-speaker"
          value={speaker}
          onChange={(e) => onSpeaker(e.target.value)}
          aria-label={t('call.output')}
          data-testid="call-speaker"
        >
          {speakers.map((d, i) => (
            <option key={d.deviceId} value={d.deviceId}>
              {d.label || `${t('call.output')} ${i + 1}`}
            </option>
          ))}
        </select>
      )}
    </>
  );
}

interface DeviceCall {
  toggleMute(): void;
  toggleCamera(): Promise<void>;
}

/** Mute, speaker and (when the call may show video) camera: each names one thing and is pressed while it is on. */
export function DeviceButtons({
  call,
  view,
  camera,
  sound,
}: {
  call: DeviceCall;
  view: { muted: boolean; cameraOn: boolean };
  camera: boolean;
  sound: Pick<VolumeProps, 'speakerOn' | 'onSpeakerToggle'>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <CallButton
        icon={view.muted ? 'micOff' : 'mic'}
        label={t('call.mute')}
        testId="call-mute"
        onClick={() => call.toggleMute()}
        pressed={view.muted}
      />
      <CallButton
        icon={sound.speakerOn ? 'speaker' : 'speakerOff'}
        label={t('call.speaker')}
        testId="call-speaker-toggle"
        onClick={sound.onSpeakerToggle}
        pressed={sound.speakerOn}
      />
      {camera && (
        <CallButton
          icon={view.cameraOn ? 'video' : 'videoOff'}
          label={t('call.camera')}
          testId="call-camera"
          onClick={() => void call.toggleCamera()}
          pressed={view.cameraOn}
        />
      )}
    </>
  );
}
