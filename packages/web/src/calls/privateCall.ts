/**
 * One private call as a call page runs it (docs/CALLS.md §8.3-8.4): the caller's, the
 * callee's and the resume flow, and the signals of the call. The page renders `view`
 * and calls the actions; this module knows nothing of React.
 */
import {
  CallFailReason,
  PrivateCallSignal,
  signalContent,
  type PrivateCallInfo,
  type PrivateCallSignalFrame,
} from '@parley/protocol';
import { currentTerminal } from '../api/terminal';
import { t } from '../i18n';
import { CallCore } from './callCore';
import { fingerprintOf } from './peer';
import { keyOf } from './requests';
import { startRingtone } from './ringtone';

export type { CallOptions, CallPhase, CallView } from './callCore';

/** A FAILED signal's reason: a known code translated, a box-im client's own sentence as sent. */
export function failReasonText(reason: string): string | undefined {
  if (!reason) return undefined;
  const known = (Object.values(CallFailReason) as string[]).includes(reason);
  return known ? t(`call.failReason.${reason}`) : reason;
}

export class PrivateCall extends CallCore {
  protected start(): void {
    const o = this.o;
    this.detach = o.store.attach((f) => this.enqueue(() => this.onSignal(f)));
    if (this.callId) void this.enqueue(() => this.resume());
    else if (o.isHost) void this.enqueue(() => this.dial());
    else {
      const current = o.store.current();
      if (current?.callId && current.peerId === o.peerId) {
        this.callId = current.callId;
        o.onCallId(current.callId);
        this.ring();
      } else void this.enqueue(() => this.resume());
    }
  }
  /** The caller: media, connection, offer prepared, then setup → ringing. */
  private async dial(): Promise<void> {
    const o = this.o;
    if (!o.isFriend()) return this.finish('callNonFriend');
    o.store.begin({ peerId: o.peerId, callId: null, mode: o.mode, isHost: true });
    if (!(await this.prepareMedia())) return;
    this.newPeer();
    await this.peer!.createOffer(); // ICE gathering runs during the ring
    this.preparedOffer = true;
    let info: PrivateCallInfo;
    try {
      info = await this.requests.setup(o.mode);
    } catch {
      return this.finish(null); // the request wrapper showed why (busy, offline, not a friend…)
    }
    if (this.ended) {
      // Cancelled (or the page left) while setup was on its way: the call exists now; end it.
      if (info.callId) void this.requests.end('cancel');
      return;
    }
    if (info.callId) this.adoptCallId(info.callId);
    this.startHeartbeat();
    this.phase('calling');
    startRingtone('outgoing');
  }

  /** The callee: ringing UI until accept or reject. */
  private ring(): void {
    this.startHeartbeat();
    this.phase('incoming');
    startRingtone('incoming');
  }

  /** A page opened with a known call (reload, Back, `/webrtc/current`) reads where the call is. */
  private async resume(): Promise<void> {
    let info: PrivateCallInfo;
    try {
      info = await this.requests.info();
    } catch {
      return this.finish('callEnded');
    }
    if (!info.isChating || (this.callId && info.callId !== this.callId)) return this.finish('callEnded');
    const o = this.o;
    if (info.callId) this.adoptCallId(info.callId);
    const iAmHost = info.host?.id === o.selfId;
    o.store.begin({ peerId: o.peerId, callId: this.callId, mode: info.mode ?? o.mode, isHost: iAmHost });
    const mine = iAmHost ? info.host : info.acceptor;
    if (info.state === 'ringing') {
      if (!iAmHost) return this.ring();
      if (mine?.terminal !== currentTerminal()) return this.finish('callOnOtherDevice');
      if (!(await this.prepareMedia())) return;
      this.newPeer();
      this.startHeartbeat();
      this.phase('calling');
      return startRingtone('outgoing');
    }
    if (mine?.terminal !== currentTerminal()) return this.finish('callAnsweredElsewhere');
    if (info.acceptTime && info.serverTime)
      this.patch({ acceptedAt: Date.now() - (info.serverTime - info.acceptTime) });
    if (!(await this.prepareMedia())) return;
    this.startHeartbeat();
    this.phase('connecting');
    // A new connection and a new offer: the peer sees a new fingerprint and answers afresh.
    this.newPeer();
    await this.sendOffer(false);
  }

  private adoptCallId(callId: string): void {
    this.callId = callId;
    this.o.store.setCallId(callId);
    this.o.onCallId(callId);
  }
  // ---------------------------------------------------------------- signals

  private async onSignal(f: PrivateCallSignalFrame): Promise<void> {
    if (this.ended) return;
    const self = f.sendId === this.o.selfId;
    switch (f.type) {
      case PrivateCallSignal.SETUP_VOICE:
      case PrivateCallSignal.SETUP_VIDEO:
        return; // the ring this page shows already
      case PrivateCallSignal.ACCEPT:
        if (self) return this.finish('callAnsweredElsewhere');
        if (!this.o.isHost) return;
        this.patch({ acceptedAt: Date.now() });
        this.phase('connecting');
        if (!this.peer) this.newPeer();
        return this.sendOffer(false);
      case PrivateCallSignal.REJECT:
        return this.finish(self ? 'callRejectedElsewhere' : 'callRejected');
      case PrivateCallSignal.CANCEL:
        return this.finish('callCancelled');
      case PrivateCallSignal.FAILED:
        if (f.content === CallFailReason.NOT_ANSWERED)
          return this.finish(this.o.isHost ? 'callNotAnswered' : 'callMissed');
        return this.finish('callFailed', failReasonText(f.content));
      case PrivateCallSignal.HANDUP:
        return this.finish(f.content === CallFailReason.EXPIRED ? 'callEnded' : 'callHungUp');
      case PrivateCallSignal.OFFER:
        return this.onOffer(f.content);
      case PrivateCallSignal.ANSWER: {
        const answer = signalContent.answer.safeParse(f.content);
        if (answer.success && this.peer) {
          await this.peer.acceptAnswer(answer.data);
        }
        return;
      }
      case PrivateCallSignal.CANDIDATE: {
        const c = signalContent.candidate.safeParse(f.content);
        if (c.success) this.peer?.addRemoteCandidate(c.data);
        return;
      }
    }
  }

  private async onOffer(content: string): Promise<void> {
    const offer = signalContent.offer.safeParse(content);
    if (!offer.success) return;
    if (!this.stream && !(await this.prepareMedia())) return;
    let peer = this.peer;
    // Glare: the caller keeps its own offer, the callee (the polite side) rolls back.
    if (peer && this.o.isHost && peer.hasLocalOffer()) return;
    const known = peer?.remoteFingerprint();
    if (!peer || (known && known !== fingerprintOf(offer.data.sdp))) {
      this.newPeer(); // the other side has a new connection (reload): answer with a new one
      peer = this.peer!;
    }
    if (this.view.get().phase !== 'connected') this.phase(this.mediaConnected ? 'reconnecting' : 'connecting');
    const answer = await peer.acceptOffer(offer.data);
    try {
      await this.requests.answer(answer);
      if (this.peer === peer) peer.releaseCandidates();
    } catch (err) {
      if (keyOf(err) === 'callNotFound') this.finish('callEnded');
    }
  }
  // ---------------------------------------------------------------- actions

  /** The callee takes the call: media first (a refusal reports `failed`), then accept, then wait for the offer. */
  accept(): void {
    if (this.view.get().phase !== 'incoming') return;
    this.phase('accepting');
    void this.enqueue(async () => {
      if (!(await this.prepareMedia())) return;
      this.newPeer();
      try {
        await this.requests.accept();
      } catch (err) {
        const key = keyOf(err);
        return this.finish(key === 'callNotFound' ? 'callEnded' : (key ?? 'callFailed'));
      }
      this.patch({ acceptedAt: Date.now() });
      this.phase('connecting');
    });
  }
  /** Reject, cancel or hang up, by state. */
  hangUp(): void {
    if (this.ended) return;
    const action = this.endAction();
    const known = this.callId !== null;
    if (known) void this.requests.end(action);
    this.finish(action === 'handup' && this.mediaConnected ? 'callEnded' : null);
  }
  /** After a socket login (signals may have been lost): re-read the call; restart ICE if media is down. */
  refresh(): void {
    void this.enqueue(async () => {
      if (this.ended || !this.callId) return;
      const info = await this.requests.info().catch(() => null);
      if (!info) return;
      if (!info.isChating || info.callId !== this.callId) return this.finish('callEnded');
      if (this.o.isHost && this.peer && info.state === 'connected' && this.peer.state() !== 'connected') {
        await this.restartIce();
      }
    });
  }
}
