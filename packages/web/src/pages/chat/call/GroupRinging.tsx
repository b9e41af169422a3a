/**
 * The ring screen of a group call invitee: the group it is in (name and avatar; issue 22
 * point 4), the inviter, the others' avatars, accept and decline.
 */
import { useTranslation } from 'react-i18next';
import type { GroupCall, GroupCallView } from '../../../calls/groupCall';
import { useGroup } from '../../../groups/groupsStore';
import { Avatar } from '../../../ui/Avatar';
import { CallButton } from './CallControls';

interface GroupRingingProps {
  call: GroupCall;
  view: GroupCallView;
  selfId: number;
  groupId: number;
}

export function GroupRinging({ call, view, selfId, groupId }: GroupRingingProps) {
  const { t } = useTranslation();
  const group = useGroup(groupId);
  const inviter = view.participants.find((p) => p.id === view.inviterId);
  const others = view.participants.filter((p) => p.id !== selfId && p.id !== view.inviterId);
  const name = inviter?.name ?? '';
  return (
    <>
      <div className="call-stage">
        {group && (
          <div className="group-ring__group" data-testid="call-group">
            <Avatar
              src={group.headImageThumb || group.headImage}
              name={group.showGroupName}
              colourId={group.id}
              size={28}
            />
            <span dir="auto" data-testid="call-group-name">
              {group.showGroupName}
            </span>
          </div>
        )}
        <div className="call-peer">
          <Avatar src={inviter?.avatar ?? ''} name={name} colourId={inviter?.id} size={96} />
          <div className="call-peer__text">
            <h1 className="call-peer__name" data-testid="call-peer-name" dir="auto">
              {name}
            </h1>
            <span className="call-peer__status" data-testid="call-status" role="status">
              {view.phase === 'accepting' ? t('call.connecting') : t('call.group.incoming')}
            </span>
          </div>
          {others.length > 0 && (
            <ul className="group-ring__others" aria-label={t('call.group.participants')}>
              {others.map((p) => (
                <li key={p.id} title={p.name}>
                  <Avatar src={p.avatar} name={p.name} colourId={p.id} size={36} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="call-controls call-controls--ring">
        <CallButton
          icon="hangup"
          label={t('call.decline')}
          testId="call-reject"
          onClick={() => call.hangUp()}
          tone="end"
        />
        <CallButton
          icon="phone"
          label={t('call.accept')}
          testId="call-accept"
          onClick={() => call.accept()}
          tone="accept"
        />
      </div>
    </>
  );
}
