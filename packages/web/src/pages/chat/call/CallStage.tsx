/**
 * What the call shows: the remote video with my mirrored preview (video mode, once
 * connected), or the peer's avatar and name with the state line (ringing, voice calls,
 * connecting). The remote media element also carries the sound, at the chosen volume.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCallDuration } from '@parley/protocol';
import { setSpeaker } from '../../../calls/media';
import type { CallView } from '../../../calls/privateCall';
import { Avatar } from '../../../ui/Avatar';

/** A callback ref that shows `stream` in the media element whenever either appears. */
export function useStream<T extends HTMLMediaElement>(stream: MediaStream | null) {
  const el = useRef<T | null>(null);
  const ref = useCallback(
    (node: T | null) => {
      el.current = node;
      if (!node || node.srcObject === stream) return;
      node.srcObject = stream;
      if (stream) void node.play().catch(() => undefined);
    },
    [stream],
  );
  return [ref, el] as const;
}

/** Whole seconds since `since`, ticking once a second. */
export function useCallSeconds(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

interface StageProps {
  view: CallView;
  video: boolean;
  name: string;
  avatar: string;
  /** The peer's user id: the avatar colour follows it. */
  peerId?: number;
  volume: number;
  /** The chosen output device ('' = the default). */
  speaker: string;
}

export function CallStage({ view, video, name, avatar, peerId, volume, speaker }: StageProps) {
  const { t } = useTranslation();
  const [remoteVideo, remoteVideoEl] = useStream<HTMLVideoElement>(video ? view.remote : null);
  const [remoteAudio, remoteAudioEl] = useStream<HTMLAudioElement>(video ? null : view.remote);
  const [local] = useStream<HTMLVideoElement>(video ? view.local : null);
  const seconds = useCallSeconds(view.phase === 'connected' || view.phase === 'reconnecting' ? view.acceptedAt : null);
  useEffect(() => {
    for (const el of [remoteVideoEl.current, remoteAudioEl.current]) if (el) el.volume = volume;
  }, [volume, remoteVideoEl, remoteAudioEl, view.remote]);
  useEffect(() => {
    for (const el of [remoteVideoEl.current, remoteAudioEl.current]) if (el && speaker) setSpeaker(el, speaker);
  }, [speaker, remoteVideoEl, remoteAudioEl, view.remote]);

  const inCall = view.phase === 'connected' || view.phase === 'reconnecting' || view.phase === 'connecting';
  const showVideo = video && inCall;
  const status = statusText(view, video, t);
  const timer = view.phase === 'connected' && view.acceptedAt !== null;

  return (
    <div className={`call-stage${showVideo ? ' call-stage--video' : ''}`}>
      {video ? (
        <video
          ref={remoteVideo}
          className="call-stage__remote"
          autoPlay
          playsInline
          hidden={!showVideo}
          data-testid="call-remote-video"
        />
      ) : (
        <audio ref={remoteAudio} autoPlay data-testid="call-remote-audio" />
      )}
      <div className={`call-peer${showVideo ? ' call-peer--over' : ''}`}>
        <Avatar src={avatar} name={name} colourId={peerId} size={showVideo ? 44 : 96} />
        <div className="call-peer__text">
          <h1 className="call-peer__name" data-testid="call-peer-name" dir="auto">
            {name}
          </h1>
          {timer ? (
            <span className="call-peer__status" data-testid="call-timer" role="timer">
              {formatCallDuration(seconds)}
            </span>
          ) : (
            <span className="call-peer__status" data-testid="call-status" role="status">
              {status}
            </span>
          )}
        </div>
      </div>
      {video && view.local && inCall && (
        <video
          ref={local}
          className={`call-stage__local${view.cameraOn ? '' : ' call-stage__local--off'}`}
          autoPlay
          playsInline
          muted
          data-testid="call-local-video"
        />
      )}
    </div>
  );
}

function statusText(view: CallView, video: boolean, t: (key: string) => string): string {
  switch (view.phase) {
    case 'starting':
    case 'calling':
      return t('call.calling');
    case 'incoming':
      return t(video ? 'call.incomingVideo' : 'call.incomingVoice');
    case 'reconnecting':
      return t('call.reconnecting');
    case 'ended':
      return t('call.ended');
    default:
      return t('call.connecting');
  }
}
