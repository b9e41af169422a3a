/**
 * One RTCPeerConnection of a private call (docs/CALLS.md §8.1, §8.4): an audio and a
 * video transceiver from the start (camera off = replaceTrack(null), no renegotiation),
 * remote candidates queued until the remote description, local candidates batched and
 * held until the description they belong to was sent, ICE restarts, state and stats.
 */
import type { IceCandidate, SdpAnswer, SdpOffer } from '@parley/protocol';
import { browserTimers, createCandidateBatcher, createRemoteCandidateQueue } from './candidates';

export type MediaState = 'new' | 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed';

export interface PeerEvents {
  /** Local candidates ready to send (their description was sent). */
  onCandidates(batch: IceCandidate[]): void;
  onState(state: MediaState): void;
  /** The remote stream got a track. */
  onRemoteStream(stream: MediaStream): void;
}

export interface PeerOptions {
  iceServers: RTCIceServer[];
  iceTransportPolicy?: RTCIceTransportPolicy;
}

/** The DTLS fingerprint of an SDP: a different one means the other side has a new connection. */
export const fingerprintOf = (sdp: string | undefined): string | undefined =>
  sdp?.match(/^a=fingerprint:(.+)$/m)?.[1]?.trim();

export class Peer {
  readonly pc: RTCPeerConnection;
  readonly remoteStream = new MediaStream();
  private readonly local = createCandidateBatcher((batch) => this.events.onCandidates(batch), browserTimers);
  private readonly remote = createRemoteCandidateQueue(
    (c) => this.pc.addIceCandidate(c),
    (err) => console.warn('addIceCandidate failed', err),
  );
  private closed = false;

  constructor(
    options: PeerOptions,
    private readonly stream: MediaStream,
    private readonly events: PeerEvents,
  ) {
    this.pc = new RTCPeerConnection({
      iceServers: options.iceServers,
      iceTransportPolicy: options.iceTransportPolicy ?? 'all',
    });
    this.pc.onicecandidate = (e) => {
      if (e.candidate?.candidate) this.local.add(e.candidate.toJSON() as IceCandidate);
    };
    this.pc.ontrack = (e) => {
      if (!this.remoteStream.getTracks().includes(e.track)) this.remoteStream.addTrack(e.track);
      this.events.onRemoteStream(this.remoteStream);
    };
    this.pc.onconnectionstatechange = () => this.events.onState(this.state());
    this.pc.oniceconnectionstatechange = () => this.events.onState(this.state());
  }

  state(): MediaState {
    if (this.closed) return 'closed';
    const s = this.pc.connectionState;
    return s === 'new' || s === 'connecting' || s === 'connected' || s === 'disconnected' || s === 'failed'
      ? s
      : 'closed';
  }

  private track(kind: 'audio' | 'video'): MediaStreamTrack | null {
    return (kind === 'audio' ? this.stream.getAudioTracks() : this.stream.getVideoTracks())[0] ?? null;
  }

  /** The caller's side: both transceivers, then the offer (set as local description; ICE gathering starts). */
  async createOffer(iceRestart = false): Promise<SdpOffer> {
    if (this.pc.getTransceivers().length === 0) {
      for (const kind of ['audio', 'video'] as const) {
        this.pc.addTransceiver(this.track(kind) ?? kind, { direction: 'sendrecv', streams: [this.stream] });
      }
    }
    this.local.hold();
    const offer = await this.pc.createOffer({ iceRestart });
    await this.pc.setLocalDescription(offer);
    return { type: 'offer', sdp: this.pc.localDescription?.sdp ?? offer.sdp ?? '' };
  }

  /** The answering side: the offer's transceivers get my tracks, then the answer. */
  async acceptOffer(offer: SdpOffer): Promise<SdpAnswer> {
    if (this.pc.signalingState === 'have-local-offer') {
      await this.pc.setLocalDescription({ type: 'rollback' });
    }
    await this.pc.setRemoteDescription(offer);
    for (const t of this.pc.getTransceivers()) {
      const kind = t.receiver.track.kind === 'audio' ? 'audio' : 'video';
      t.direction = 'sendrecv';
      if (t.sender.track !== this.track(kind)) await t.sender.replaceTrack(this.track(kind));
      t.sender.setStreams?.(this.stream);
    }
    void this.remote.ready();
    this.local.hold();
    const answer = await this.pc.createAnswer();
    await this.pc.setLocalDescription(answer);
    return { type: 'answer', sdp: this.pc.localDescription?.sdp ?? answer.sdp ?? '' };
  }

  async acceptAnswer(answer: SdpAnswer): Promise<void> {
    if (this.pc.signalingState !== 'have-local-offer') return; // a late or repeated answer
    await this.pc.setRemoteDescription(answer);
    void this.remote.ready();
  }

  /** The description was sent: local candidates may follow. */
  releaseCandidates(): void {
    this.local.release();
  }

  addRemoteCandidate(candidate: IceCandidate): void {
    if (!candidate.candidate) return;
    this.remote.add(candidate);
  }

  hasLocalOffer(): boolean {
    return this.pc.signalingState === 'have-local-offer';
  }

  remoteFingerprint(): string | undefined {
    return fingerprintOf(this.pc.remoteDescription?.sdp);
  }

  /** Camera on/off or another camera: no renegotiation. */
  async setVideoTrack(track: MediaStreamTrack | null): Promise<void> {
    const sender = this.pc.getTransceivers().find((t) => t.receiver.track.kind === 'video')?.sender;
    await sender?.replaceTrack(track);
  }

  getStats(): Promise<RTCStatsReport> {
    return this.pc.getStats();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.local.reset();
    this.remote.reset();
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.oniceconnectionstatechange = null;
    this.pc.close();
  }
}
