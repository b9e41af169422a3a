import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_KEYS, ReplyCode, SERVER_ERROR_KEYS, ServerErrors, formatCatalogueMessage } from '../src/index.js';

const codes = new Set<number>(Object.values(ReplyCode));

describe('error catalogue (spec §8)', () => {
  it('every server entry has a reply code and a non-empty message', () => {
    expect(SERVER_ERROR_KEYS.length).toBeGreaterThan(0);
    for (const key of SERVER_ERROR_KEYS) {
      const e = ServerErrors[key];
      expect(codes.has(e.code), key).toBe(true);
      expect(e.code, key).not.toBe(ReplyCode.OK);
      expect(e.message.trim(), key).not.toBe('');
      expect(key, key).toMatch(/^[a-z][A-Za-z]+$/);
    }
  });

  it('has the spec §8 server messages', () => {
    for (const key of [
      'userNotExist',
      'accountDeleted',
      'passwordIncorrect',
      'oldPasswordIncorrect',
      'accountBanned',
      'loginExpired',
      'alreadyBlocked',
      'notFriend',
      'cannotAddSelf',
      'addFriendForbiddenInGroup',
      'notGroupMember',
      'onlyOwnerDisband',
      'ownerCannotQuit',
      'noPermissionKick',
      'cannotRemoveSelf',
      'groupNotExist',
      'groupNotJoined',
      'inviteFailed',
      'onlyOwnerOrAdminMute',
      'onlyOwnerSetAdmin',
      'trialCannotChangePassword',
      'notFriendCannotSend',
      'blockedCannotSend',
      'messageNotExist',
      'recallNotOwn',
      'recallTimeout',
      'userNameBlank',
      'passwordBlank',
      'nickNameBlank',
      'userNameLength',
      'passwordLength',
      'nickNameLength',
    ]) {
      expect(SERVER_ERROR_KEYS, key).toContain(key);
    }
  });

  it('uses the right reply codes for auth and bans', () => {
    expect(ServerErrors.loginExpired.code).toBe(401);
    expect(ServerErrors.accountBanned.code).toBe(403);
    expect(ServerErrors.accountDeleted.code).toBe(403);
    expect(ServerErrors.fileTooLarge.code).toBe(413);
  });

  it('client keys are unique, non-empty and distinct from server keys', () => {
    expect(new Set(CLIENT_ERROR_KEYS).size).toBe(CLIENT_ERROR_KEYS.length);
    for (const key of CLIENT_ERROR_KEYS) {
      expect(key).toMatch(/^[a-z][A-Za-z]+$/);
      expect(SERVER_ERROR_KEYS as readonly string[]).not.toContain(key);
    }
    for (const key of ['networkWeak', 'connectionLost', 'reconnected', 'forcedOffline', 'externalLinkWarning'])
      expect(CLIENT_ERROR_KEYS as readonly string[]).toContain(key);
  });

  it('fills placeholders', () => {
    expect(formatCatalogueMessage(ServerErrors.accountBanned.message, { reason: 'spam' })).toBe(
      'Your account is banned (spam), please contact customer service',
    );
    expect(formatCatalogueMessage('a {{x}} b {{y}}', { x: 1 })).toBe('a 1 b ');
    expect(formatCatalogueMessage('none')).toBe('none');
  });
});
