/** The in-call controls of a group call: mute, camera, switch camera, volume, invite more, hang up, end for everyone. */
import { useTranslation } from 'react-i18next';
import { formatCallDuration } from '@parley/protocol';
import { inviteRoom } from '../../../calls/groupMesh';
import type { GroupCall, GroupCallView } from '../../../calls/groupCall';
import { CallButton, DeviceButtons, VolumeControl, type VolumeProps } from './CallControls';
import { useCallSeconds } from './CallStage';

interface Props extends VolumeProps {
  call: GroupCall;
  view: GroupCallView;
  isHost: boolean;
  onInvite: () => void;
}

export function GroupControls({ call, view, isHost, onInvite, ...sound }: Props) {
  const { t } = useTranslation();
  const seconds = useCallSeconds(view.joinedAt);
  const room = inviteRoom(view.maxChannel, view.participants.length);
  return (
    <div className="call-controls">
      <span className="group-timer" data-testid="call-timer" role="timer">
        {formatCallDuration(seconds)}
      </span>
      <div className="call-controls__row">
        <DeviceButtons call={call} view={view} camera sound={sound} />
        {view.cameraOn && view.canSwitchCamera && (
          <CallButton
            icon="flip"
            label={t('call.switchCamera')}
            testId="call-switch-camera"
            onClick={() => void call.switchCamera()}
          />
        )}
        {room > 0 && (
          <CallButton icon="addUser" label={t('call.group.inviteMore')} testId="call-invite" onClick={onInvite} />
        )}
      </div>
      <VolumeControl {...sound} />
      <div className="call-controls__row">
        <CallButton
          icon="hangup"
          label={t('call.hangUp')}
          testId="call-hangup"
          onClick={() => call.hangUp()}
          tone="end"
        />
        {isHost && (
          <CallButton
            icon="endAll"
            label={t('call.group.endForAll')}
            testId="call-end-all"
            onClick={() => call.endForAll()}
            tone="end"
          />
        )}
      </div>
    </div>
  );
}
