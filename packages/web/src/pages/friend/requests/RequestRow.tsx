/**
 * One friend request on "New friends": the other person's public profile (avatar,
 * nickname, short id), the greeting, and what can be done: Accept / Decline for a
 * request to me, Withdraw for mine while it waits; afterwards its outcome.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FriendRequestStatus, shortUserId, type FriendRequest } from '@parley/protocol';
import { acceptRequest, cancelRequest, declineRequest } from '../../../contacts/requests';
import { Links } from '../../../routes/paths';
import { Avatar } from '../../../ui/Avatar';

const OUTCOME: Record<FriendRequestStatus, string> = {
  [FriendRequestStatus.PENDING]: 'friendRequest.waiting',
  [FriendRequestStatus.ACCEPTED]: 'friendRequest.accepted',
  [FriendRequestStatus.DECLINED]: 'friendRequest.declined',
  [FriendRequestStatus.CANCELLED]: 'friendRequest.withdrawn',
};

export function RequestRow({ request, me }: { request: FriendRequest; me: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const incoming = request.to.id === me;
  const other = incoming ? request.from : request.to;
  const pending = request.status === FriendRequestStatus.PENDING;

  const run = async (action: (r: FriendRequest) => Promise<void>) => {
    setBusy(true);
    try {
      await action(request);
    } catch {
      // the wrapper showed why (blocked since, already answered on another device…)
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="request-row" data-testid={`friend-request-${request.id}`}>
      <button type="button" className="request-row__open" onClick={() => void navigate(Links.userInfo(other.id))}>
        <Avatar src={other.headImageThumb || other.headImage} name={other.nickName} colourId={other.id} size={44} />
        <span className="request-row__text">
          <span className="request-row__name">
            <bdi>{other.nickName}</bdi> <span className="request-row__id">{shortUserId(other.id)}</span>
          </span>
          <span className="request-row__greeting" dir="auto" data-testid={`friend-request-greeting-${request.id}`}>
            {incoming ? request.greeting || t('friendRequest.noGreeting') : t('friendRequest.outgoing')}
          </span>
        </span>
      </button>
      {incoming && pending ? (
        <span className="request-row__actions">
          <button
            type="button"
            className="request-row__button request-row__button--plain"
            onClick={() => void run(declineRequest)}
            disabled={busy}
            data-testid={`friend-request-decline-${request.id}`}
          >
            {t('friendRequest.decline')}
          </button>
          <button
            type="button"
            className="request-row__button"
            onClick={() => void run(acceptRequest)}
            disabled={busy}
            data-testid={`friend-request-accept-${request.id}`}
          >
            {t('friendRequest.accept')}
          </button>
        </span>
      ) : !incoming && pending ? (
        <span className="request-row__actions">
          <span className="request-row__state" data-testid={`friend-request-state-${request.id}`}>
            {t('friendRequest.waiting')}
          </span>
          <button
            type="button"
            className="request-row__button request-row__button--plain"
            onClick={() => void run(cancelRequest)}
            disabled={busy}
            data-testid={`friend-request-withdraw-${request.id}`}
          >
            {t('friendRequest.withdraw')}
          </button>
        </span>
      ) : (
        <span className="request-row__state" data-testid={`friend-request-state-${request.id}`}>
          {t(OUTCOME[request.status])}
        </span>
      )}
    </li>
  );
}
