/**
 * /pages/chat/chat-private-video?mode=&friend=&isHost= (spec §2, docs/CALLS.md §8.3):
 * one private voice or video call. The call itself runs in calls/privateCall.ts; the
 * page renders it, keeps its callId in history state (a reload or Back resumes, never
 * dials again) and ends my side when it goes away (Back, route change, tab closed).
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CallMode, privateCallPageQuery, type PrivateCallPageQuery } from '@parley/protocol';
import { useStore } from '../../../app/createStore';
import { useCurrentUser } from '../../../app/session';
import { audioOutputs } from '../../../calls/media';
import { PrivateCall } from '../../../calls/privateCall';
import { callStore, knownNonFriend, setActiveCall } from '../../../calls/signals';
import { useFriend } from '../../../contacts/friendsStore';
import { Paths } from '../../../routes/paths';
import { EmptyState } from '../../../ui/EmptyState';
import { goBack } from '../../group/goBack';
import { CallControls } from './CallControls';
import { CallStage } from './CallStage';
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
  const navigate = useNavigate();
  const location = useLocation();
  const peerId = query.friend.id;
  const friend = useFriend(peerId);
  const [volume, setVolume] = useState(1);
  const [speaker, setSpeakerId] = useState('');
  const [speakers, setSpeakers] = useState<MediaDeviceInfo[]>([]);
  const [call] = useState(() => {
    const state = location.state as { callId?: unknown } | null;
    return new PrivateCall({
      selfId: me.id,
      peerId,
      mode: query.mode,
      isHost: query.isHost,
      resumeCallId: typeof state?.callId === 'string' ? state.callId : null,
      store: callStore,
      isFriend: () => !knownNonFriend(peerId),
      onCallId: (callId) => {
        const here = `${globalThis.location.hash.replace(/^#/, '')}`;
        void navigate(here, { replace: true, state: { callId } });
      },
      onClose: () => goBack(navigate, Paths.chat),
    });
  });
  const view = useStore(call.view);

  useEffect(() => {
    call.mount();
    setActiveCall(call);
    const onPageHide = (e: PageTransitionEvent) => {
      if (!e.persisted) call.unload();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      setActiveCall(null);
      call.unmount();
    };
  }, [call]);

  // Device labels are there once the media permission was given (the call has its stream).
  const hasMedia = view.local !== null;
  useEffect(() => {
    if (hasMedia) void audioOutputs().then(setSpeakers);
  }, [hasMedia]);

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
      <CallStage view={view} video={video} name={name} avatar={avatar} volume={volume} speaker={speaker} />
      <CallControls
        call={call}
        view={view}
        video={video}
        volume={volume}
        onVolume={setVolume}
        speakers={speakers}
        speaker={speaker}
        onSpeaker={setSpeakerId}
      />
    </main>
  );
}
