/**
 * One group call as the group call page runs it (docs/CALLS.md §8.5): the host's, the
 * invitee's, the join and the resume flows, the signals of the call and the ICE restarts
 * of the pairs I offered. The decisions are in groupMesh.ts, the connections in
 * groupPeers.ts, media and the call's end in groupCallBase.ts.
 */
import { CallFailReason, GroupCallSignal, type GroupCallInfo, type GroupCallSignalFrame } from '@parley/protocol';
import { t } from '../i18n';
import { isolate } from '../i18n/isolate';
import { showToast } from '../ui/toast';
import { GroupCallBase } from './groupCallBase';
import { applyStateSignal, loudest, participantsOfInfo, type MeshEffect } from './groupMesh';
import type { MediaState } from './peer';
import { failReasonText } from './privateCall';
import { keyOf } from './requests';
import { startRingtone, stopRingtone } from './ringtone';

export type { GroupCallOptions, GroupCallView, GroupPhase } from './groupCallBase';

/** The 203 reasons with a group wording ("X could not join: offline"). */
const GROUP_REASONS = [CallFailReason.OFFLINE, CallFailReason.BUSY, CallFailReason.NOT_ANSWERED] as const;
/** A pair I offered that stays down gets a new ICE restart this often (CALLS.md §8.5). */
const RESTART_EVERY_MS = 30_000;
const FIRST_RESTART_MS = 5_000;

export class GroupCall extends GroupCallBase {
  /**
   * My setup, accept or join has answered: a 201/207 arriving from now on is a newcomer
   * I offer to; one that arrived before came from someone who joined before me, and
   * who offers to me (CALLS.md §3.4).
   */
  private entered = false;

  protected start(): void {
    const o = this.o;
    // Whether I was in the call when a frame arrived decides who offers (not when it is handled).
    this.detach = o.store.attach((f) => {
      const wasIn = this.entered;
      void this.enqueue(() => this.onSignal(f, wasIn));
    });
    const current = o.store.current();
    if (this.callId) this.enqueue(() => this.resume());
    else if (o.isHost) this.enqueue(() => this.host());
    else if (o.inviterId === o.selfId) this.enqueue(() => this.join());
    else if (current?.callId && current.groupId === o.groupId) {
      this.adoptCallId(current.callId);
      this.ring();
    } else this.enqueue(() => this.resume());
  }

  // ---------------------------------------------------------------- flows

  private async host(): Promise<void> {
    const o = this.o;
    o.store.begin({ groupId: o.groupId, callId: null, isHost: true, inviterId: o.selfId, userInfos: '[]' });
    if (!(await this.prepareMedia())) return;
    const invitees = o.userInfos.filter((u) => u.id !== o.selfId).map((u) => ({ id: u.id }));
    let info: GroupCallInfo;
    try {
      info = await this.requests.setup(invitees);
      this.entered = true;
    } catch {
      return this.finish(null); // the request wrapper showed why
    }
    if (this.ended) return void (info.callId && this.requests.end('cancel'));
    this.enterCall(info);
  }

  private async join(): Promise<void> {
    const o = this.o;
    if (!o.store.current())
      o.store.begin({ groupId: o.groupId, callId: this.callId, isHost: false, inviterId: o.selfId, userInfos: '[]' });
    if (!(await this.prepareMedia())) return;
    let info: GroupCallInfo;
    try {
      info = await this.requests.join();
      this.entered = true;
    } catch (err) {
      return this.finish(keyOf(err) === 'callNotFound' ? 'callEnded' : null);
    }
    if (this.ended) return void this.requests.end('quit');
    this.enterCall(info);
  }

  /** Reload, Back or `/webrtc/current`: where am I in the call? */
  private async resume(): Promise<void> {
    const o = this.o;
    const info = await this.requests.info().catch(() => null);
    if (!info?.isChating || !info.callId || (this.callId && info.callId !== this.callId))
      return this.finish('callEnded');
    const listed = info.userInfos?.some((u) => u.id === o.selfId);
    if (info.joinedUserIds?.includes(o.selfId)) return this.join();
    if (!listed) return this.finish('callEnded');
    o.store.begin({
      groupId: o.groupId,
      callId: info.callId,
      isHost: false,
      inviterId: info.host?.id ?? 0,
      userInfos: '[]',
    });
    this.adoptCallId(info.callId);
    this.patch({
      participants: participantsOfInfo(info),
      hostId: info.host?.id ?? null,
      inviterId: info.host?.id ?? 0,
    });
    this.ring();
  }

  private ring(): void {
    this.startHeartbeat();
    this.patch({ phase: 'incoming' });
    startRingtone('incoming');
  }

  private enterCall(info: GroupCallInfo): void {
    if (info.callId) this.adoptCallId(info.callId);
    this.joined = true;
    stopRingtone();
    this.patch({
      phase: 'inCall',
      participants: participantsOfInfo(info),
      hostId: info.host?.id ?? null,
      maxChannel: info.maxChannel ?? this.view.get().maxChannel,
      joinedAt: Date.now(),
    });
    this.startHeartbeat();
    this.intervals.push(setInterval(() => void this.measureSpeaker(), 1000));
  }

  private adoptCallId(callId: string): void {
    if (this.callId !== callId) this.o.onCallId(callId);
    this.callId = callId;
    this.o.store.setCallId(callId);
  }

  // ---------------------------------------------------------------- signals

  private async onSignal(f: GroupCallSignalFrame, wasIn: boolean): Promise<void> {
    if (this.ended) return;
    switch (f.type) {
      case GroupCallSignal.SETUP:
        return;
      case GroupCallSignal.OFFER:
        if (this.joined && this.stream) await this.mesh.onOffer(f.sendId, f.content).catch(this.onRequestError);
        return;
      case GroupCallSignal.ANSWER:
        return this.mesh.onAnswer(f.sendId, f.content);
      case GroupCallSignal.CANDIDATE:
        return this.mesh.onCandidate(f.sendId, f.content);
    }
    const step = applyStateSignal(
      { selfId: this.o.selfId, joined: this.joined && wasIn, participants: this.view.get().participants },
      f,
    );
    this.patch({ participants: step.participants });
    for (const effect of step.effects) await this.apply(effect);
  }

  private async apply(e: MeshEffect): Promise<void> {
    switch (e.kind) {
      case 'offer':
        return this.mesh.offer(e.userId).catch(this.onRequestError);
      case 'drop': {
        this.mesh.drop(e.userId);
        this.clearRestart(e.userId);
        const { [e.userId]: _gone, ...remotes } = this.view.get().remotes;
        return this.patch({ remotes });
      }
      case 'couldNotJoin': {
        // A plain-string toast: each name isolated (FSI … PDI) so "Bob 42" or an Arabic name keeps its order.
        const names = e.userIds
          .map((id) => {
            const name = this.names.get(id);
            return name === undefined ? t('call.group.someone') : isolate(name);
          })
          .join(', ');
        const known = (GROUP_REASONS as readonly string[]).includes(e.reason);
        const reason = known ? t(`call.group.reason.${e.reason}`) : (failReasonText(e.reason) ?? e.reason);
        return showToast(t('call.group.couldNotJoin', { names, reason }));
      }
      case 'end':
        return this.finish(e.key);
    }
  }

  private readonly onRequestError = (err: unknown): void => {
    if (keyOf(err) === 'callNotFound') this.finish('callEnded');
    else console.warn('group call', err);
  };

  protected onLink(userId: number, s: MediaState): void {
    this.patch({ links: { ...this.view.get().links, [userId]: s } });
    if (s === 'connected') return this.clearRestart(userId);
    if ((s === 'failed' || s === 'disconnected') && this.mesh.isOfferer(userId) && !this.restarts.has(userId)) {
      const again = (ms: number) =>
        this.restarts.set(
          userId,
          setTimeout(() => {
            if (this.ended || this.mesh.state(userId) === 'connected') return this.clearRestart(userId);
            this.enqueue(() => this.mesh.offer(userId, true).catch(this.onRequestError));
            again(RESTART_EVERY_MS);
          }, ms),
        );
      again(s === 'failed' ? 0 : FIRST_RESTART_MS);
    }
  }

  private async measureSpeaker(): Promise<void> {
    this.patch({ loudest: loudest(await this.mesh.audioLevels()) });
  }
  // ---------------------------------------------------------------- actions

  accept(): void {
    if (this.view.get().phase !== 'incoming') return;
    stopRingtone();
    this.patch({ phase: 'accepting' });
    this.enqueue(async () => {
      if (!(await this.prepareMedia())) return;
      try {
        await this.requests.accept();
        this.entered = true;
      } catch (err) {
        const key = keyOf(err);
        return this.finish(key === 'callNotFound' ? 'callEnded' : (key ?? 'callFailed'));
      }
      const info = await this.requests.info().catch(() => null);
      if (info?.isChating) this.enterCall(info);
      else this.finish('callEnded');
    });
  }

  /** More members for the running call (the picker caps them at maxChannel − listed). */
  async invite(userIds: number[]): Promise<void> {
    const info = await this.requests.invite(userIds.map((id) => ({ id })));
    this.patch({ participants: participantsOfInfo(info) });
  }

  /** Hang up: quit (or decline a ring). */
  hangUp(): void {
    if (this.ended) return;
    if (this.callId) void this.requests.end(this.endAction());
    this.finish(null);
  }

  /** The host ends the call for everyone. */
  endForAll(): void {
    if (this.ended) return;
    if (this.callId) void this.requests.end('cancel');
    this.finish('callEnded');
  }

  /** After a socket login: re-read the call (an end signal may have been missed). */
  refresh(): void {
    this.enqueue(async () => {
      if (this.ended || !this.callId) return;
      const info = await this.requests.info().catch(() => null);
      if (info && (!info.isChating || info.callId !== this.callId)) this.finish('callEnded');
    });
  }

  connections(): number {
    return this.view.get().participants.filter((p) => p.id !== this.o.selfId && p.joined).length;
  }
}
