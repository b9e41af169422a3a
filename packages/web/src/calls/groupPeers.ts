/**
 * The connections of a group call: one `Peer` per other participant (full mesh, docs/CALLS.md
 * §3.4). The side that offered a pair is the one that restarts its ICE. An offer with a new
 * DTLS fingerprint (their page reloaded) replaces the connection.
 */
import { signalContent, type IceCandidate } from '@parley/protocol';
import type { GroupCallRequests } from './groupRequests';
import { Peer, fingerprintOf, type MediaState } from './peer';

export interface MeshEvents {
  onState(userId: number, state: MediaState): void;
  onRemote(userId: number, stream: MediaStream): void;
}

export class PeerMesh {
  private readonly peers = new Map<number, Peer>();
  /** The pairs this side offered (it restarts their ICE). */
  private readonly offered = new Set<number>();

  constructor(
    private readonly selfId: number,
    private readonly requests: GroupCallRequests,
    private readonly setup: () => { iceServers: RTCIceServer[]; stream: MediaStream },
    private readonly events: MeshEvents,
  ) {}

  private open(userId: number): Peer {
    this.drop(userId);
    const { iceServers, stream } = this.setup();
    const peer: Peer = new Peer({ iceServers }, stream, {
      onCandidates: (batch: IceCandidate[]) => {
        if (this.peers.get(userId) === peer) void this.requests.candidates(userId, batch).catch(() => undefined);
      },
      onState: (s) => {
        if (this.peers.get(userId) === peer) this.events.onState(userId, s);
      },
      onRemoteStream: (remote) => {
        if (this.peers.get(userId) === peer) this.events.onRemote(userId, remote);
      },
    });
    this.peers.set(userId, peer);
    return peer;
  }

  /** A newcomer (201/207), or an ICE restart of a pair I offered. */
  async offer(userId: number, iceRestart = false): Promise<void> {
    const existing = this.peers.get(userId);
    const peer = iceRestart && existing ? existing : this.open(userId);
    this.offered.add(userId);
    if (iceRestart) peer.pc.restartIce();
    const offer = await peer.createOffer(iceRestart);
    await this.requests.offer(userId, offer);
    if (this.peers.get(userId) === peer) peer.releaseCandidates();
  }

  async onOffer(userId: number, content: string): Promise<void> {
    const offer = signalContent.offer.safeParse(content);
    if (!offer.success) return;
    let peer = this.peers.get(userId);
    // Both sides offered at once: the lower id keeps its offer, the higher id answers (polite).
    if (peer?.hasLocalOffer() && this.selfId < userId) return;
    const known = peer?.remoteFingerprint();
    if (!peer || (known && known !== fingerprintOf(offer.data.sdp))) peer = this.open(userId);
    this.offered.delete(userId);
    const answer = await peer.acceptOffer(offer.data);
    await this.requests.answer(userId, answer);
    if (this.peers.get(userId) === peer) peer.releaseCandidates();
  }

  async onAnswer(userId: number, content: string): Promise<void> {
    const answer = signalContent.answer.safeParse(content);
    if (answer.success) await this.peers.get(userId)?.acceptAnswer(answer.data);
  }

  onCandidate(userId: number, content: string): void {
    const c = signalContent.candidate.safeParse(content);
    if (c.success) this.peers.get(userId)?.addRemoteCandidate(c.data);
  }

  isOfferer(userId: number): boolean {
    return this.offered.has(userId);
  }

  state(userId: number): MediaState {
    return this.peers.get(userId)?.state() ?? 'closed';
  }

  drop(userId: number): void {
    this.peers.get(userId)?.close();
    this.peers.delete(userId);
  }

  closeAll(): void {
    for (const id of [...this.peers.keys()]) this.drop(id);
    this.offered.clear();
  }

  async setVideoTrack(track: MediaStreamTrack | null): Promise<void> {
    await Promise.all([...this.peers.values()].map((p) => p.setVideoTrack(track)));
  }

  /** The inbound audio level (0–1) of each connection, from getStats. */
  async audioLevels(): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    await Promise.all(
      [...this.peers].map(async ([id, peer]) => {
        const report = await peer.getStats().catch(() => null);
        report?.forEach((s: { type: string; kind?: string; audioLevel?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === 'audio') out.set(id, s.audioLevel ?? 0);
        });
      }),
    );
    return out;
  }
}
