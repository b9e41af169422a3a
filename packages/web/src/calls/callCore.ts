/**
 * What every call page's call has (docs/CALLS.md §8.3-8.4): the view the page renders,
 * media, the connection with its ICE restarts and give-up, heartbeats, device controls,
 * and the end of the call. `PrivateCall` adds the flows and the signals.
 */
import { CallFailReason, CallMode, HEARTBEAT_INTERVAL_MS, ICE_RECONNECT_GRACE_MS } from '@parley/protocol';
import { createStore, type Store } from '../app/createStore';
import { errorText, t } from '../i18n';
import { showToast } from '../ui/toast';
import type { CallStore } from './callStore';
import { switchCamera, toggleCamera, toggleMute } from './devices';
import { CallLifecycle } from './callLifecycle';
import { openMedia, stopStream, videoInputs } from './media';
import { Peer, type MediaState } from './peer';
import { callRequests, keyOf, type CallRequests, type EndAction } from './requests';
import { stopRingtone } from './ringtone';

export type CallPhase =
  'starting' | 'calling' | 'incoming' | 'accepting' | 'connecting' | 'connected' | 'reconnecting' | 'ended';

export interface CallView {
  phase: CallPhase;
  local: MediaStream | null;
  remote: MediaStream | null;
  muted: boolean;
  cameraOn: boolean;
  canSwitchCamera: boolean;
  /** Local clock (ms) of the accept: the call timer. */
  acceptedAt: number | null;
}

export interface CallOptions {
  selfId: number;
  peerId: number;
  mode: CallMode;
  isHost: boolean;
  /** A callId from history state or `/webrtc/current`: resume, never place a second call. */
  resumeCallId: string | null;
  store: CallStore;
  /** The call has an id: keep it in history state. */
  onCallId(callId: string): void;
  /** The call is over: leave the page. */
  onClose(): void;
  /** Local check before ringing anyone. */
  isFriend(): boolean;
}

/** The caller restarts ICE when media has been disconnected this long. */
const DISCONNECTED_RESTART_MS = 5_000;

export abstract class CallCore extends CallLifecycle<EndAction> {
  readonly view: Store<CallView>;
  readonly requests: CallRequests;
  protected peer: Peer | null = null;
  protected stream: MediaStream | null = null;
  protected iceServers: RTCIceServer[] = [];
  protected mediaConnected = false;
  protected preparedOffer = false;
  protected timers = new Map<string, ReturnType<typeof setTimeout>>();
  protected heartbeat: ReturnType<typeof setInterval> | null = null;
  protected detach: (() => void) | null = null;
  protected cameraTrackId: string | undefined;

  protected readonly endRequests: CallRequests;

  constructor(readonly o: CallOptions) {
    super(o.resumeCallId, () => o.onClose());
    this.requests = callRequests(o.peerId);
    this.endRequests = this.requests;
    this.view = createStore<CallView>({
      phase: 'starting',
      local: null,
      remote: null,
      muted: false,
      cameraOn: o.mode === CallMode.VIDEO,
      canSwitchCamera: false,
      acceptedAt: null,
    });
  }

  protected patch(p: Partial<CallView>): void {
    this.view.set((v) => ({ ...v, ...p }));
  }

  protected phase(phase: CallPhase): void {
    if (this.ended) return;
    if (phase !== 'calling' && phase !== 'incoming') stopRingtone();
    this.patch({ phase });
  }
  // ---------------------------------------------------------------- media and connection

  protected async prepareMedia(): Promise<boolean> {
    if (this.stream) return true;
    try {
      const [{ stream, cameraFailed }, config] = await Promise.all([
        openMedia(this.o.mode),
        this.requests.config().catch(() => null),
      ]);
      if (this.ended) {
        stopStream(stream);
        return false;
      }
      if (cameraFailed && this.o.isHost) {
        // The caller rings nobody without the media of the call it chose (CALLS.md §8.3).
        stopStream(stream);
        this.finish(cameraFailed);
        return false;
      }
      this.stream = stream;
      this.iceServers = (config?.webrtc.iceServers ?? []) as RTCIceServer[];
      if (cameraFailed) showToast(errorText(cameraFailed, t('errors.callFailed')));
      const video = stream.getVideoTracks()[0];
      this.cameraTrackId = video?.getSettings().deviceId;
      this.patch({ local: stream, cameraOn: Boolean(video) });
      void videoInputs().then((d) => this.patch({ canSwitchCamera: d.length > 1 }));
      return true;
    } catch (err) {
      // The callee tells the caller why (the caller rings nobody before its media is there).
      return this.mediaFailed(err, this.o.isHost ? null : (reason) => this.requests.failed(reason));
    }
  }

  protected newPeer(): void {
    this.peer?.close();
    const peer = new Peer({ iceServers: this.iceServers }, this.stream ?? new MediaStream(), {
      onCandidates: (batch) => {
        if (this.peer === peer) void this.requests.candidates(batch).catch(() => undefined);
      },
      onState: (s) => {
        if (this.peer === peer) this.onMediaState(s);
      },
      onRemoteStream: (remote) => {
        if (this.peer === peer) this.patch({ remote });
      },
    });
    this.peer = peer;
    this.patch({ remote: null });
  }

  protected async sendOffer(iceRestart: boolean): Promise<void> {
    const peer = this.peer;
    if (!peer) return;
    const offer = this.preparedOffer && !iceRestart ? peer.pc.localDescription : await peer.createOffer(iceRestart);
    this.preparedOffer = false;
    if (!offer?.sdp) return;
    try {
      await this.requests.offer({ type: 'offer', sdp: offer.sdp });
      if (this.peer === peer) peer.releaseCandidates();
    } catch (err) {
      if (keyOf(err) === 'callNotFound') this.finish('callEnded');
    }
  }

  protected onMediaState(s: MediaState): void {
    if (this.ended) return;
    if (s === 'connected') {
      this.mediaConnected = true;
      this.clearTimer('grace');
      this.clearTimer('restart');
      this.phase('connected');
      if (this.view.get().acceptedAt === null) this.patch({ acceptedAt: Date.now() });
      return;
    }
    if (s === 'disconnected' || s === 'failed') {
      if (this.mediaConnected) this.phase('reconnecting');
      this.setTimer('grace', ICE_RECONNECT_GRACE_MS, () => this.giveUp());
      if (this.o.isHost) {
        if (s === 'failed') void this.enqueue(() => this.restartIce());
        else this.setTimer('restart', DISCONNECTED_RESTART_MS, () => void this.enqueue(() => this.restartIce()));
      }
    }
  }

  protected async restartIce(): Promise<void> {
    if (this.ended || !this.peer || this.peer.state() === 'connected') return;
    this.peer.pc.restartIce();
    await this.sendOffer(true);
  }

  protected giveUp(): void {
    if (this.ended || this.peer?.state() === 'connected') return;
    if (this.mediaConnected) void this.requests.end('handup');
    else void this.requests.failed(CallFailReason.CONNECTION_FAILED);
    this.finish('callFailed');
  }
  /** The end action the state calls for (CALLS.md §2.1: they are interchangeable by state). */
  protected endAction(): EndAction {
    const phase = this.view.get().phase;
    if (phase === 'incoming' || phase === 'accepting') return this.o.isHost ? 'cancel' : 'reject';
    if (phase === 'calling' || phase === 'starting') return this.o.isHost ? 'cancel' : 'reject';
    return 'handup';
  }
  toggleMute(): void {
    this.patch(toggleMute(this.stream, this.view.get().muted));
  }

  async toggleCamera(): Promise<void> {
    const p = await toggleCamera(this.stream, this.peer, !this.view.get().cameraOn, this.cameraTrackId);
    if (p) this.patch(p);
  }

  async switchCamera(): Promise<void> {
    const next = await switchCamera(this.stream, this.peer, this.view.get().cameraOn, this.cameraTrackId);
    if (!next) return;
    this.stream = next.local;
    this.cameraTrackId = next.deviceId;
    this.patch({ local: next.local });
  }
  /** The active connection (for stats). */
  connection(): RTCPeerConnection | null {
    return this.peer?.pc ?? null;
  }
  // ---------------------------------------------------------------- end

  protected startHeartbeat(): void {
    if (this.heartbeat !== null) return;
    this.heartbeat = setInterval(() => {
      this.requests.heartbeat().catch((err: unknown) => {
        if (keyOf(err) === 'callNotFound') this.finish('callEnded');
        if (keyOf(err) === 'callOnOtherDevice') this.finish('callAnsweredElsewhere');
      });
    }, HEARTBEAT_INTERVAL_MS);
  }

  protected setTimer(name: string, ms: number, fn: () => void): void {
    if (this.timers.has(name)) return;
    this.timers.set(
      name,
      setTimeout(() => {
        this.timers.delete(name);
        fn();
      }, ms),
    );
  }

  protected clearTimer(name: string): void {
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
  }

  protected release(): void {
    this.ended = true;
    stopRingtone();
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.detach?.();
    this.peer?.close();
    this.peer = null;
    stopStream(this.stream);
    this.stream = null;
    this.o.store.end(this.callId);
    this.view.set((v) => ({ ...v, phase: 'ended' }));
  }
}
