/**
 * The decisions of a group call, without media or React (docs/CALLS.md §3.4, §8.5): the
 * participants and their tiles, what each state signal does (who offers to whom, which
 * tile goes), the grid layout and the speaker.
 */
import {
  CallFailReason,
  GroupCallSignal,
  signalContent,
  type GroupCallInfo,
  type GroupCallSignalFrame,
  type WebrtcUserInfo,
} from '@parley/protocol';

export interface Participant {
  id: number;
  name: string;
  avatar: string;
  /** In the call (else being rung: a "calling…" tile). */
  joined: boolean;
  isCamera: boolean;
  isMicroPhone: boolean;
}

export const participantOf = (u: WebrtcUserInfo, joined: boolean): Participant => ({
  id: u.id,
  name: u.nickName || String(u.id),
  avatar: u.headImage,
  joined,
  isCamera: u.isCamera,
  isMicroPhone: u.isMicroPhone,
});

/** The participants of an info reply (host first as listed), me included. */
export function participantsOfInfo(info: GroupCallInfo): Participant[] {
  const joined = new Set(info.joinedUserIds ?? []);
  return (info.userInfos ?? []).map((u) => participantOf(u, joined.has(u.id)));
}

/** What the call must do after a state signal. */
export type MeshEffect =
  /** Open a new connection to this participant and send the offer (closing any old one). */
  | { kind: 'offer'; userId: number }
  /** Close the connection to this participant (they left). */
  | { kind: 'drop'; userId: number }
  /** Tell that these could not join, and why. */
  | { kind: 'couldNotJoin'; userIds: number[]; reason: string }
  /** The call is over for me: toast `errors.<key>` and close. */
  | { kind: 'end'; key: string };

export interface MeshState {
  selfId: number;
  /** I am in the call (not ringing, not picking). */
  joined: boolean;
  participants: Participant[];
}

export interface MeshStep {
  participants: Participant[];
  effects: MeshEffect[];
}

const without = (list: Participant[], ids: number[]) => list.filter((p) => !ids.includes(p.id));

function upsert(list: Participant[], p: Participant): Participant[] {
  const at = list.findIndex((x) => x.id === p.id);
  if (at < 0) return [...list, p];
  const next = [...list];
  next[at] = { ...list[at]!, ...p };
  return next;
}

/**
 * A state signal (201-207, 211) applied: 201/207 → those joined before the newcomer offer
 * to them (rule of §3.4; a re-announced 207 replaces the old connection); 202/203/205
 * remove tiles; 206 adds "calling…" tiles; 204 ends the call. Signals about myself
 * report my other terminal (answered or declined there) or my own ring's end.
 */
export function applyStateSignal(s: MeshState, f: GroupCallSignalFrame): MeshStep {
  const list = s.participants;
  const self = f.sendId === s.selfId;
  const same = { participants: list, effects: [] as MeshEffect[] };
  switch (f.type) {
    case GroupCallSignal.ACCEPT: {
      if (self)
        return s.joined ? same : { participants: list, effects: [{ kind: 'end', key: 'callAnsweredElsewhere' }] };
      const known = list.find((p) => p.id === f.sendId);
      const next = known ? upsert(list, { ...known, joined: true }) : list;
      return { participants: next, effects: s.joined ? [{ kind: 'offer', userId: f.sendId }] : [] };
    }
    case GroupCallSignal.JOIN: {
      if (self) return same;
      const info = signalContent.userInfo.safeParse(f.content);
      const known = list.find((p) => p.id === f.sendId);
      const p = info.success ? participantOf(info.data, true) : known && { ...known, joined: true };
      const next = p ? upsert(list, p) : list;
      return { participants: next, effects: s.joined ? [{ kind: 'offer', userId: f.sendId }] : [] };
    }
    case GroupCallSignal.REJECT:
    case GroupCallSignal.QUIT:
      if (self)
        return {
          participants: list,
          effects: [{ kind: 'end', key: s.joined ? 'callEnded' : 'callRejectedElsewhere' }],
        };
      return { participants: without(list, [f.sendId]), effects: [{ kind: 'drop', userId: f.sendId }] };
    case GroupCallSignal.FAILED: {
      const c = signalContent.groupFailed.safeParse(f.content);
      if (!c.success) return same;
      const { userIds, reason } = c.data;
      if (userIds.includes(s.selfId)) {
        return {
          participants: list,
          effects: [{ kind: 'end', key: reason === CallFailReason.NOT_ANSWERED ? 'callMissed' : 'callFailed' }],
        };
      }
      const effects = userIds.map((userId): MeshEffect => ({ kind: 'drop', userId }));
      if (userIds.length) effects.push({ kind: 'couldNotJoin', userIds, reason });
      return { participants: without(list, userIds), effects };
    }
    case GroupCallSignal.CANCEL:
      return { participants: list, effects: [{ kind: 'end', key: 'callEnded' }] };
    case GroupCallSignal.INVITE: {
      const infos = signalContent.userInfos.safeParse(f.content);
      if (!infos.success) return same;
      let next = list;
      for (const u of infos.data) if (!next.some((p) => p.id === u.id)) next = upsert(next, participantOf(u, false));
      return { participants: next, effects: [] };
    }
    case GroupCallSignal.DEVICE: {
      const d = signalContent.device.safeParse(f.content);
      const known = list.find((p) => p.id === f.sendId);
      if (!d.success || !known) return same;
      return { participants: upsert(list, { ...known, ...d.data }), effects: [] };
    }
    default:
      return same;
  }
}

/** Grid columns and rows for n tiles: 1 fills, 2 side by side, 3–4 make 2×2, 5–9 make 3×3. */
export function gridLayout(n: number): { columns: number; rows: number } {
  if (n <= 1) return { columns: 1, rows: 1 };
  if (n === 2) return { columns: 2, rows: 1 };
  if (n <= 4) return { columns: 2, rows: 2 };
  if (n <= 9) return { columns: 3, rows: 3 };
  const columns = Math.ceil(Math.sqrt(n));
  return { columns, rows: Math.ceil(n / columns) };
}

/** Below this inbound audioLevel (0–1) nobody is speaking. */
export const SPEAKING_LEVEL = 0.02;

/** The loudest participant of the last second, or null when all are quiet. */
export function loudest(levels: ReadonlyMap<number, number>, threshold = SPEAKING_LEVEL): number | null {
  let best: number | null = null;
  let top = threshold;
  for (const [id, level] of levels) {
    if (level > top) {
      top = level;
      best = id;
    }
  }
  return best;
}

/** The enlarged tile: a tapped one wins over the loudest; none with fewer than 3 tiles. */
export function speakerTile(count: number, tapped: number | null, loud: number | null): number | null {
  if (count < 3) return null;
  return tapped ?? loud;
}

/** How many more can be invited: maxChannel minus everyone listed (me included). */
export const inviteRoom = (maxChannel: number, listed: number): number => Math.max(0, maxChannel - listed);
