import { describe, expect, it } from 'vitest';
import {
  Cmd,
  GroupCallSignal,
  MessageStatus,
  MessageType,
  MessageTypeRange,
  PrivateCallSignal,
  Terminal,
  TERMINALS,
  UserState,
  APP_VERSION,
  APP_VERSION_CODE,
  isActionType,
  isGroupCallType,
  isNormalType,
  isPrivateCallType,
  isStatusType,
  isTipType,
  LOCALES,
  DEFAULT_LOCALE,
  RTL_LOCALES,
  LOCALE_NAMES,
  isLocale,
  Limits,
  Timing,
  CloseCode,
  CHAT_LIST_INITIAL_SIZE,
} from '../src/index.js';

describe('message type numbers (spec §3)', () => {
  it('has every spec number', () => {
    expect(MessageType).toMatchObject({
      TEXT: 0,
      IMAGE: 1,
      FILE: 2,
      AUDIO: 3,
      VIDEO: 4,
      CARD: 5,
      RECALL: 10,
      READED: 11,
      RECEIPT: 12,
      TIP_TIME: 20,
      TIP_TEXT: 21,
      LOADING: 30,
      ACT_RT_VOICE: 40,
      ACT_RT_VIDEO: 41,
      USER_BANNED: 50,
      SYSTEM_MESSAGE: 53,
      USER_UNREG: 54,
    });
  });

  it('has unique numbers', () => {
    const values = Object.values(MessageType);
    expect(new Set(values).size).toBe(values.length);
  });

  it('has the spec ranges', () => {
    expect(MessageTypeRange.NORMAL).toEqual([0, 9]);
    expect(MessageTypeRange.STATUS).toEqual([10, 19]);
    expect(MessageTypeRange.TIP).toEqual([20, 29]);
    expect(MessageTypeRange.ACTION).toEqual([40, 49]);
    expect(MessageTypeRange.PRIVATE_CALL).toEqual([100, 199]);
    expect(MessageTypeRange.GROUP_CALL).toEqual([200, 299]);
  });

  it('classifies types into ranges, edges included', () => {
    for (const t of [
      MessageType.TEXT,
      MessageType.IMAGE,
      MessageType.FILE,
      MessageType.AUDIO,
      MessageType.VIDEO,
      MessageType.CARD,
    ])
      expect(isNormalType(t)).toBe(true);
    expect(isNormalType(9)).toBe(true);
    expect(isNormalType(10)).toBe(false);
    for (const t of [MessageType.RECALL, MessageType.READED, MessageType.RECEIPT]) {
      expect(isStatusType(t)).toBe(true);
      expect(isNormalType(t)).toBe(false);
    }
    expect(isStatusType(19)).toBe(true);
    expect(isStatusType(20)).toBe(false);
    expect(isTipType(MessageType.TIP_TIME)).toBe(true);
    expect(isTipType(MessageType.TIP_TEXT)).toBe(true);
    expect(isTipType(MessageType.LOADING)).toBe(false);
    expect(isActionType(MessageType.ACT_RT_VOICE)).toBe(true);
    expect(isActionType(MessageType.ACT_RT_VIDEO)).toBe(true);
    expect(isActionType(50)).toBe(false);
    expect(isPrivateCallType(100)).toBe(true);
    expect(isPrivateCallType(199)).toBe(true);
    expect(isPrivateCallType(200)).toBe(false);
    expect(isGroupCallType(200)).toBe(true);
    expect(isGroupCallType(299)).toBe(true);
    expect(isGroupCallType(300)).toBe(false);
    expect(isGroupCallType(199)).toBe(false);
  });

  it('keeps the sync types outside the spec ranges', () => {
    for (const t of [
      MessageType.FRIEND_NEW,
      MessageType.FRIEND_DEL,
      MessageType.FRIEND_UPDATE,
      MessageType.GROUP_NEW,
      MessageType.GROUP_DEL,
      MessageType.GROUP_UPDATE,
    ]) {
      expect(isNormalType(t) || isStatusType(t) || isTipType(t) || isActionType(t)).toBe(false);
      expect(isPrivateCallType(t) || isGroupCallType(t)).toBe(false);
    }
  });
});

describe('call signals (spec §3)', () => {
  it('private call signals are 100-109 in spec order', () => {
    expect(Object.entries(PrivateCallSignal)).toEqual([
      ['SETUP_VOICE', 100],
      ['SETUP_VIDEO', 101],
      ['ACCEPT', 102],
      ['REJECT', 103],
      ['CANCEL', 104],
      ['FAILED', 105],
      ['HANDUP', 106],
      ['OFFER', 107],
      ['ANSWER', 108],
      ['CANDIDATE', 109],
    ]);
    for (const v of Object.values(PrivateCallSignal)) expect(isPrivateCallType(v)).toBe(true);
  });

  it('group call signals are 200-211 in spec order', () => {
    expect(Object.entries(GroupCallSignal)).toEqual([
      ['SETUP', 200],
      ['ACCEPT', 201],
      ['REJECT', 202],
      ['FAILED', 203],
      ['CANCEL', 204],
      ['QUIT', 205],
      ['INVITE', 206],
      ['JOIN', 207],
      ['OFFER', 208],
      ['ANSWER', 209],
      ['CANDIDATE', 210],
      ['DEVICE', 211],
    ]);
    for (const v of Object.values(GroupCallSignal)) expect(isGroupCallType(v)).toBe(true);
  });
});

describe('terminals, statuses, states, commands', () => {
  it('terminals are WEB 0 and APP 1', () => {
    expect(Terminal).toEqual({ WEB: 0, APP: 1 });
    expect(TERMINALS).toEqual([0, 1]);
  });
  it('message statuses are UNSEND 0, SENDED 1, RECALL 2, READED 3', () => {
    expect(MessageStatus).toEqual({ UNSEND: 0, SENDED: 1, RECALL: 2, READED: 3 });
  });
  it('user states are OFFLINE 0, FREE 1, BUSY 2', () => {
    expect(UserState).toEqual({ OFFLINE: 0, FREE: 1, BUSY: 2 });
  });
  it('socket commands are 0-5 of the spec, and 6 (typing, docs/PROTOCOL.md)', () => {
    expect(Cmd).toEqual({
      LOGIN: 0,
      HEARTBEAT: 1,
      FORCE_LOGOUT: 2,
      PRIVATE_MESSAGE: 3,
      GROUP_MESSAGE: 4,
      SYSTEM_MESSAGE: 5,
      TYPING: 6,
    });
  });
  it('the banned/unregistered close code is 3099', () => {
    expect(CloseCode.BANNED_OR_UNREG).toBe(3099);
  });
});

describe('limits and timings (spec §9)', () => {
  it('has the field limits', () => {
    expect(Limits).toMatchObject({
      USERNAME_MIN: 5,
      USERNAME_MAX: 64,
      PASSWORD_MIN: 5,
      PASSWORD_MAX: 20,
      NICKNAME_MAX: 20,
      SIGNATURE_MAX: 128,
      GROUP_NAME_MAX: 20,
      ANNOUNCEMENT_MAX: 1024,
      GROUP_NICKNAME_MAX: 20,
      GROUP_REMARK_MAX: 20,
    });
  });
  it('has the timings', () => {
    expect(Timing).toMatchObject({
      RECALL_WINDOW_MS: 300_000,
      COMPLAINT_VERIFY_HOURS: 24,
      REQUEST_TIMEOUT_MS: 30_000,
      NETWORK_DEFAULT_TIMEOUT_MS: 60_000,
      HEARTBEAT_MS: 10_000,
      RECONNECT_MIN_GAP_MS: 10_000,
      USER_RELOAD_RETRY_MS: 5_000,
      PUSH_CID_RETRY_MS: 1_000,
      TIME_TIP_GAP_MS: 600_000,
      ONLINE_REFRESH_MS: 30_000,
      TOAST_MS: 1_500,
      SWIPER_INTERVAL_MS: 5_000,
      SWIPER_DURATION_MS: 500,
    });
    expect(CHAT_LIST_INITIAL_SIZE).toBe(15);
  });
  it('has the app version of spec §1', () => {
    expect(APP_VERSION).toBe('1.0.01');
    expect(APP_VERSION_CODE).toBe(1001);
  });
});

describe('locales (spec §9)', () => {
  it('lists the 15 languages with en-US default and ar-SA right-to-left', () => {
    expect(LOCALES).toEqual([
      'en-US',
      'zh-CN',
      'zh-TW',
      'id-ID',
      'vi-VN',
      'ko-KR',
      'ja-JP',
      'es-ES',
      'es-MX',
      'pt-PT',
      'pt-BR',
      'fr-FR',
      'fr-CA',
      'ar-SA',
      'ru-RU',
    ]);
    expect(DEFAULT_LOCALE).toBe('en-US');
    expect(RTL_LOCALES).toEqual(['ar-SA']);
    expect(isLocale('fr-CA')).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
  it('names every locale', () => {
    expect(Object.keys(LOCALE_NAMES).sort()).toEqual([...LOCALES].sort());
    for (const name of Object.values(LOCALE_NAMES)) expect(name.trim()).not.toBe('');
  });
});
