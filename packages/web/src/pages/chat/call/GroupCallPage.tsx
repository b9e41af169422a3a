/**
 * /pages/chat/chat-group-video?groupId=&isHost=&inviterId=&userInfos= (spec §2, docs/CALLS.md
 * §8.5): one group call. The call runs in calls/groupCall.ts; the page renders the ring
 * screen or the grid with the controls, keeps the callId in history state (a reload or
 * Back resumes) and leaves the call when it goes away.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { groupCallPageQuery, type GroupCallPageQuery } from '@parley/protocol';
import { useStore } from '../../../app/createStore';
import { useCurrentUser } from '../../../app/session';
import { GroupCall } from '../../../calls/groupCall';
import { inviteRoom } from '../../../calls/groupMesh';
import { groupCallStore } from '../../../calls/signals';
import { activeMembers, useGroupMembers } from '../../../groups/members';
import { EmptyState } from '../../../ui/EmptyState';
import { MemberSelector } from '../../group/MemberSelector';
import { GroupControls } from './GroupControls';
import { GroupGrid } from './GroupGrid';
import { GroupRinging } from './GroupRinging';
import { useCallPage } from './useCallPage';
import { useVolume } from './useVolume';
import './call.css';
import './group-call.css';
import '../../group/group.css';

export default function GroupCallPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = useMemo(() => groupCallPageQuery.safeParse(Object.fromEntries(params)), [params]);
  if (!query.success) {
    return (
      <div className="page page--narrow">
        <EmptyState testId="call-missing" title={t('call.missing')} />
      </div>
    );
  }
  const q = query.data;
  return <Page key={`${q.groupId}-${q.isHost}-${q.inviterId}`} query={q} />;
}

function Page({ query }: { query: GroupCallPageQuery }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { list } = useGroupMembers(query.groupId);
  const [tapped, setTapped] = useState<number | null>(null);
  const [inviting, setInviting] = useState(false);
  const call = useCallPage(
    (hooks) =>
      new GroupCall({
        ...hooks,
        selfId: me.id,
        groupId: query.groupId,
        isHost: query.isHost,
        inviterId: query.inviterId,
        userInfos: query.userInfos,
        store: groupCallStore,
      }),
  );
  const view = useStore(call.view);
  const sound = useVolume(view.local !== null);

  const ringing = view.phase === 'incoming' || (view.phase === 'accepting' && !query.isHost);
  const listed = view.participants.map((p) => p.id);
  return (
    <main
      className="call call--group"
      data-testid="call-page"
      data-kind="group"
      data-phase={view.phase}
      data-host={view.hostId === me.id}
      aria-label={t('call.group.title')}
    >
      {ringing ? (
        <GroupRinging call={call} view={view} selfId={me.id} groupId={query.groupId} />
      ) : (
        <>
          <GroupGrid
            view={view}
            selfId={me.id}
            tapped={tapped}
            onTap={setTapped}
            volume={sound.volume}
            speaker={sound.speaker}
          />
          {view.phase === 'inCall' && (
            <GroupControls
              call={call}
              view={view}
              isHost={view.hostId === me.id}
              onInvite={() => setInviting(true)}
              {...sound}
            />
          )}
        </>
      )}
      {inviting && (
        <MemberSelector
          title={t('call.group.inviteMore')}
          members={activeMembers(list)}
          initial={[]}
          hidden={listed}
          max={inviteRoom(view.maxChannel, listed.length)}
          overText={t('errors.callChannelFull', { max: view.maxChannel })}
          onConfirm={(ids) => (ids.length ? call.invite(ids) : Promise.resolve())}
          onClose={() => setInviting(false)}
          testId="call-invite-picker"
        />
      )}
    </main>
  );
}
