/**
 * /pages/chat/chat-private-video?mode=&friend=&isHost= (spec §2, docs/CALLS.md §8.3):
 * one private voice or video call. The call itself runs in calls/privateCall.ts; the
 * page renders it, keeps its callId in history state (a reload or Back resumes, never
 * dials again) and ends my side when it goes away (Back, route change, tab closed).
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CallMode, privateCallPageQuery, type PrivateCallPageQuery } from '@parley/protocol';
import { useStore } from '../../../app/createStore';
import { useCurrentUser } from '../../../app/session';
import { PrivateCall } from '../../../calls/privateCall';
import { callStore, knownNonFriend } from '../../../calls/signals';
import { useFriend } from '../../../contacts/friendsStore';
import { EmptyState } from '../../../ui/EmptyState';
import { CallControls } from './CallControls';
import { CallStage } from './CallStage';
import { useCallPage } from './useCallPage';
import { useVolume } from './useVolume';
import './call.css';

export default function PrivateCallPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = useMemo(() => privateCallPageQuery.safeParse(Object.fromEntries(params)), [params]);
  if (!query.success) {
    return (
      <div className="page page--narrow">
        <EmptyState testId="call-missing" title={t('call.missing')} />
      </div>
    );
  }
  return <CallPage key={`${query.data.friend.id}-${query.data.isHost}`} query={query.data} />;
}

function CallPage({ query }: { query: PrivateCallPageQuery }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const peerId = query.friend.id;
  const friend = useFriend(peerId);
  const call = useCallPage(
    (hooks) =>
      new PrivateCall({
        ...hooks,
        selfId: me.id,
        peerId,
        mode: query.mode,
        isHost: query.isHost,
        store: callStore,
        isFriend: () => !knownNonFriend(peerId),
      }),
  );
  const view = useStore(call.view);

  const sound = useVolume(view.local !== null);

  const video = query.mode === CallMode.VIDEO;
  const name = friend?.showNickName || query.friend.showNickName || query.friend.nickName || String(peerId);
  const avatar =
    friend?.headImageThumb || friend?.headImage || query.friend.headImageThumb || query.friend.headImage || '';

  return (
    <main
      className={`call${video ? ' call--video' : ''}`}
      data-testid="call-page"
      data-phase={view.phase}
      data-mode={query.mode}
      data-host={query.isHost}
      aria-label={t(video ? 'call.videoCall' : 'call.voiceCall')}
    >
      <CallStage
        view={view}
        video={video}
        name={name}
        avatar={avatar}
        peerId={peerId}
        volume={sound.volume}
        speaker={sound.speaker}
      />
      <CallControls call={call} view={view} video={video} {...sound} />
    </main>
  );
}
