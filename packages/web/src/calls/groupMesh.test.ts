// Group call decisions (docs/CALLS.md §3.4, §8.5): who offers to whom, which tiles go or
// come, the grid layout, the speaker and the room left for invites.
import { describe, expect, it } from 'vitest';
import { GroupCallSignal, type GroupCallSignalFrame, type WebrtcUserInfo } from '@parley/protocol';
import {
  applyStateSignal,
  gridLayout,
  inviteRoom,
  loudest,
  participantOf,
  participantsOfInfo,
  speakerTile,
  type MeshState,
} from './groupMesh';

const ME = 1;
const BOB = 2;
const CAROL = 3;
const DAVE = 4;
const user = (id: number, over: Partial<WebrtcUserInfo> = {}): WebrtcUserInfo => ({
  id,
  nickName: `u${id}`,
  headImage: '',
  isCamera: false,
  isMicroPhone: true,
  ...over,
});
const frame = (type: number, sendId: number, content = ''): GroupCallSignalFrame => ({
  type: type as GroupCallSignalFrame['type'],
  groupId: 9,
  sendId,
  content,
  sendTime: 1,
  callId: 'g1',
});
const state = (joined: boolean, ids = [ME, BOB, CAROL], joinedIds = [ME, BOB]): MeshState => ({
  selfId: ME,
  joined,
  participants: ids.map((id) => participantOf(user(id), joinedIds.includes(id))),
});
const ids = (s: { participants: { id: number }[] }) => s.participants.map((p) => p.id);

describe('who offers to whom (§3.4)', () => {
  it('everyone already joined offers to a newcomer who accepted', () => {
    const step = applyStateSignal(state(true), frame(GroupCallSignal.ACCEPT, CAROL));
    expect(step.effects).toEqual([{ kind: 'offer', userId: CAROL }]);
    expect(step.participants.find((p) => p.id === CAROL)?.joined).toBe(true);
  });

  it('the newcomer itself only answers: a ringing participant does not offer', () => {
    const step = applyStateSignal(state(false), frame(GroupCallSignal.ACCEPT, CAROL));
    expect(step.effects).toEqual([]);
  });

  it('a late joiner (207) gets a tile and an offer from everyone joined; a re-announce offers again', () => {
    const join = frame(GroupCallSignal.JOIN, DAVE, JSON.stringify(user(DAVE, { nickName: 'Dave' })));
    const step = applyStateSignal(state(true), join);
    expect(step.effects).toEqual([{ kind: 'offer', userId: DAVE }]);
    expect(step.participants.at(-1)).toMatchObject({ id: DAVE, name: 'Dave', joined: true });
    const again = applyStateSignal({ ...state(true), participants: step.participants }, join);
    expect(again.effects).toEqual([{ kind: 'offer', userId: DAVE }]);
    expect(ids(again)).toEqual([ME, BOB, CAROL, DAVE]);
  });

  it('my own accept on another terminal closes this ring', () => {
    expect(applyStateSignal(state(false), frame(GroupCallSignal.ACCEPT, ME)).effects).toEqual([
      { kind: 'end', key: 'callAnsweredElsewhere' },
    ]);
    expect(applyStateSignal(state(false), frame(GroupCallSignal.REJECT, ME)).effects).toEqual([
      { kind: 'end', key: 'callRejectedElsewhere' },
    ]);
  });
});

describe('tiles', () => {
  it('reject and quit remove the tile and close its connection', () => {
    for (const type of [GroupCallSignal.REJECT, GroupCallSignal.QUIT]) {
      const step = applyStateSignal(state(true), frame(type, BOB));
      expect(ids(step)).toEqual([ME, CAROL]);
      expect(step.effects).toEqual([{ kind: 'drop', userId: BOB }]);
    }
  });

  it('203 removes each listed tile with one "could not join" toast; about me it ends my ring', () => {
    const content = JSON.stringify({ userIds: [BOB, CAROL], reason: 'offline' });
    const step = applyStateSignal(state(true), frame(GroupCallSignal.FAILED, ME, content));
    expect(ids(step)).toEqual([ME]);
    expect(step.effects).toEqual([
      { kind: 'drop', userId: BOB },
      { kind: 'drop', userId: CAROL },
      { kind: 'couldNotJoin', userIds: [BOB, CAROL], reason: 'offline' },
    ]);
    const mine = JSON.stringify({ userIds: [ME], reason: 'notAnswered' });
    expect(applyStateSignal(state(false), frame(GroupCallSignal.FAILED, ME, mine)).effects).toEqual([
      { kind: 'end', key: 'callMissed' },
    ]);
  });

  it('206 adds "calling…" tiles for new invitees only; 211 sets the device flags', () => {
    const invite = frame(GroupCallSignal.INVITE, BOB, JSON.stringify([user(CAROL), user(DAVE)]));
    const step = applyStateSignal(state(true), invite);
    expect(ids(step)).toEqual([ME, BOB, CAROL, DAVE]);
    expect(step.participants.at(-1)?.joined).toBe(false);
    const device = frame(GroupCallSignal.DEVICE, BOB, JSON.stringify({ isCamera: true, isMicroPhone: false }));
    expect(applyStateSignal(state(true), device).participants[1]).toMatchObject({
      isCamera: true,
      isMicroPhone: false,
    });
  });

  it('204 ends the call; damaged contents change nothing', () => {
    expect(applyStateSignal(state(true), frame(GroupCallSignal.CANCEL, BOB)).effects).toEqual([
      { kind: 'end', key: 'callEnded' },
    ]);
    const bad = applyStateSignal(state(true), frame(GroupCallSignal.FAILED, BOB, 'nope'));
    expect(bad.effects).toEqual([]);
    expect(ids(bad)).toEqual([ME, BOB, CAROL]);
  });

  it('an info reply lists everyone with their joined state', () => {
    const list = participantsOfInfo({ isChating: true, userInfos: [user(ME), user(BOB)], joinedUserIds: [ME] });
    expect(list.map((p) => [p.id, p.joined])).toEqual([
      [ME, true],
      [BOB, false],
    ]);
  });
});

describe('grid and speaker', () => {
  it('1 fills, 2 side by side, 3-4 make 2×2, 5-9 make 3×3', () => {
    expect(gridLayout(1)).toEqual({ columns: 1, rows: 1 });
    expect(gridLayout(2)).toEqual({ columns: 2, rows: 1 });
    for (const n of [3, 4]) expect(gridLayout(n)).toEqual({ columns: 2, rows: 2 });
    for (const n of [5, 7, 9]) expect(gridLayout(n)).toEqual({ columns: 3, rows: 3 });
  });

  it('the loudest inbound audio is the speaker; a tap wins; no enlarging under 3 tiles', () => {
    expect(
      loudest(
        new Map([
          [BOB, 0.1],
          [CAROL, 0.4],
        ]),
      ),
    ).toBe(CAROL);
    expect(loudest(new Map([[BOB, 0.001]]))).toBeNull();
    expect(speakerTile(4, null, CAROL)).toBe(CAROL);
    expect(speakerTile(4, BOB, CAROL)).toBe(BOB);
    expect(speakerTile(2, BOB, CAROL)).toBeNull();
  });

  it('invite room is maxChannel minus everyone listed', () => {
    expect(inviteRoom(9, 3)).toBe(6);
    expect(inviteRoom(9, 9)).toBe(0);
    expect(inviteRoom(2, 5)).toBe(0);
  });
});
