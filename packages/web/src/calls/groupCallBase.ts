/**
 * What a group call page's call has besides its flows (docs/CALLS.md §8.5): the view the
 * page renders, media and device controls (sent to the others as 211), the mesh of
 * connections, the heartbeat and the end of the call. `GroupCall` adds the flows and
 * the signals; nothing here knows React.
 */
import { CallMode, HEARTBEAT_INTERVAL_MS, MAX_CHANNEL_DEFAULT, type WebrtcUserInfo } from '@parley/protocol';
import { createStore, type Store } from '../app/createStore';
import { switchCamera, toggleCamera, toggleMute } from './devices';
import type { GroupCallStore } from './groupCallStore';
import { participantOf, type Participant } from './groupMesh';
import { PeerMesh } from './groupPeers';
import { groupCallRequests, type GroupCallRequests, type GroupEndAction } from './groupRequests';
import { CallLifecycle } from './callLifecycle';
import { openMedia, stopStream, videoInputs } from './media';
import type { MediaState } from './peer';
import { keyOf } from './requests';
import { stopRingtone } from './ringtone';

export type GroupPhase = 'starting' | 'incoming' | 'accepting' | 'inCall' | 'ended';

export interface GroupCallView {
  phase: GroupPhase;
  participants: Participant[];
  remotes: Record<number, MediaStream>;
  links: Record<number, MediaState>;
  local: MediaStream | null;
  muted: boolean;
  cameraOn: boolean;
  canSwitchCamera: boolean;
  /** Local clock of my join: the call timer. */
  joinedAt: number | null;
  maxChannel: number;
  hostId: number | null;
  inviterId: number;
  /** The loudest participant of the last second. */
  loudest: number | null;
}

export interface GroupCallOptions {
  selfId: number;
  groupId: number;
  isHost: boolean;
  inviterId: number;
  userInfos: WebrtcUserInfo[];
  resumeCallId: string | null;
  store: GroupCallStore;
  onCallId(callId: string): void;
  onClose(): void;
}

export abstract class GroupCallBase extends CallLifecycle<GroupEndAction> {
  readonly view: Store<GroupCallView>;
  readonly requests;
  protected readonly endRequests: GroupCallRequests;
  protected readonly mesh: PeerMesh;
  protected stream: MediaStream | null = null;
  protected iceServers: RTCIceServer[] = [];
  protected joined = false;
  protected intervals: ReturnType<typeof setInterval>[] = [];
  protected restarts = new Map<number, ReturnType<typeof setTimeout>>();
  protected detach: (() => void) | null = null;
  protected cameraTrackId: string | undefined;
  /** Everyone seen in the call (toasts name those who could not join after their tile went). */
  protected readonly names = new Map<number, string>();

  constructor(readonly o: GroupCallOptions) {
    super(o.resumeCallId, () => o.onClose());
    this.requests = groupCallRequests(o.groupId);
    this.endRequests = this.requests;
    this.view = createStore<GroupCallView>({
      phase: 'starting',
      participants: o.userInfos.map((u) => participantOf(u, u.id === o.inviterId)),
      remotes: {},
      links: {},
      local: null,
      muted: false,
      cameraOn: false,
      canSwitchCamera: false,
      joinedAt: null,
      maxChannel: MAX_CHANNEL_DEFAULT,
      hostId: o.isHost ? o.selfId : null,
      inviterId: o.inviterId,
      loudest: null,
    });
    for (const u of o.userInfos) this.names.set(u.id, u.nickName || String(u.id));
    this.mesh = new PeerMesh(
      o.selfId,
      this.requests,
      () => ({ iceServers: this.iceServers, stream: this.stream ?? new MediaStream() }),
      {
        onState: (id, s) => this.onLink(id, s),
        onRemote: (id, remote) => this.patch({ remotes: { ...this.view.get().remotes, [id]: remote } }),
      },
    );
  }

  protected patch(p: Partial<GroupCallView>): void {
    for (const x of p.participants ?? []) this.names.set(x.id, x.name);
    if (!this.ended) this.view.set((v) => ({ ...v, ...p }));
  }

  protected abstract onLink(userId: number, s: MediaState): void;

  protected clearRestart(userId: number): void {
    clearTimeout(this.restarts.get(userId));
    this.restarts.delete(userId);
  }

  protected async prepareMedia(): Promise<boolean> {
    if (this.stream) return true;
    try {
      const [{ stream }, config] = await Promise.all([
        openMedia(CallMode.VOICE),
        this.requests.config().catch(() => null),
      ]);
      if (this.ended) {
        stopStream(stream);
        return false;
      }
      this.stream = stream;
      this.iceServers = (config?.webrtc.iceServers ?? []) as RTCIceServer[];
      if (config) this.patch({ maxChannel: config.webrtc.maxChannel });
      this.patch({ local: stream });
      void videoInputs().then((d) => this.patch({ canSwitchCamera: d.length > 1 }));
      return true;
    } catch (err) {
      return this.mediaFailed(err, this.o.isHost ? null : (reason) => this.requests.failed(reason));
    }
  }
  toggleMute(): void {
    this.patch(toggleMute(this.stream, this.view.get().muted));
    this.sendDevice();
  }

  async toggleCamera(): Promise<void> {
    const on = !this.view.get().cameraOn;
    const p = await toggleCamera(this.stream, null, on, this.cameraTrackId);
    if (!p || !this.stream) return;
    const track = this.stream.getVideoTracks()[0] ?? null;
    this.cameraTrackId = track?.getSettings().deviceId ?? this.cameraTrackId;
    await this.mesh.setVideoTrack(on ? track : null);
    this.patch(p);
    this.sendDevice();
  }

  async switchCamera(): Promise<void> {
    const next = await switchCamera(this.stream, null, this.view.get().cameraOn, this.cameraTrackId);
    if (!next || !this.stream) return;
    this.cameraTrackId = next.deviceId;
    if (this.view.get().cameraOn) await this.mesh.setVideoTrack(this.stream.getVideoTracks()[0] ?? null);
    this.patch({ local: next.local });
  }

  protected sendDevice(): void {
    const v = this.view.get();
    if (this.joined) void this.requests.device(v.cameraOn, !v.muted);
  }

  // ---------------------------------------------------------------- end

  protected endAction(): GroupEndAction {
    return this.joined ? 'quit' : 'reject';
  }

  protected startHeartbeat(): void {
    if (this.intervals.length) return;
    const beat = () =>
      this.requests.heartbeat().catch((err: unknown) => {
        const key = keyOf(err);
        if (key === 'callNotFound' || key === 'callNotJoined') this.finish('callEnded');
        if (key === 'callOnOtherDevice') this.finish('callAnsweredElsewhere');
      });
    this.intervals.push(setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS));
  }

  protected release(): void {
    this.view.set((v) => ({ ...v, phase: 'ended' }));
    this.ended = true;
    stopRingtone();
    for (const i of this.intervals) clearInterval(i);
    this.intervals = [];
    for (const id of [...this.restarts.keys()]) this.clearRestart(id);
    this.detach?.();
    this.mesh.closeAll();
    stopStream(this.stream);
    this.stream = null;
    this.o.store.end(this.callId);
  }
}
