import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  LinkPreviewLimits,
  SERVER_ERROR_KEYS,
  keepsLinkPreview,
  linkPreviewRequest,
  Terminal,
  clientFrame,
  loginRequest,
  modifyPasswordRequest,
  nickName,
  password,
  registerRequest,
  signature,
  terminalOnlineQuery,
  userName,
  userUpdateRequest,
} from '../src/index.js';

/** The catalogue key of the first issue, or null when the value passes. */
function keyOf(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? '?');
}
/** Every issue message of a failed parse. */
function keysOf(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('user name (spec §5: e-mail, 5-64, not blank)', () => {
  it('accepts e-mail addresses at the length edges', () => {
    expect(keyOf(userName, 'a@b.c')).toBeNull(); // 5
    const at64 = 'a'.repeat(58) + '@b.com';
    expect(at64).toHaveLength(64);
    expect(keyOf(userName, at64)).toBeNull();
    expect(userName.parse('  ann@example.com ')).toBe('ann@example.com');
  });
  it('rejects blank, missing and non-string values with userNameBlank', () => {
    expect(keyOf(userName, '')).toBe('userNameBlank');
    expect(keyOf(userName, '    ')).toBe('userNameBlank');
    expect(keyOf(userName, undefined)).toBe('userNameBlank');
    expect(keyOf(userName, 12345)).toBe('userNameBlank');
  });
  it('rejects bad lengths with userNameLength', () => {
    expect(keyOf(userName, 'a@b.')).toBe('userNameLength'); // 4
    expect(keyOf(userName, 'a'.repeat(59) + '@b.com')).toBe('userNameLength'); // 65
  });
  it('rejects non e-mail with userNameFormat', () => {
    expect(keyOf(userName, 'hello world')).toBe('userNameFormat');
    expect(keyOf(userName, 'alice')).toBe('userNameFormat');
    expect(keyOf(userName, 'a@b@c.com')).toBe('userNameFormat');
    expect(keyOf(userName, 'alice@example')).toBe('userNameFormat');
  });
});

describe('password (spec §5: 5-20, not blank)', () => {
  it('accepts 5 and 20 characters', () => {
    expect(keyOf(password, '12345')).toBeNull();
    expect(keyOf(password, 'x'.repeat(20))).toBeNull();
  });
  it('rejects blank with passwordBlank', () => {
    expect(keyOf(password, '')).toBe('passwordBlank');
    expect(keyOf(password, '       ')).toBe('passwordBlank');
    expect(keyOf(password, undefined)).toBe('passwordBlank');
  });
  it('rejects bad lengths with passwordLength', () => {
    expect(keyOf(password, '1234')).toBe('passwordLength');
    expect(keyOf(password, 'x'.repeat(21))).toBe('passwordLength');
  });
});

describe('nickname (spec §5: not blank, at most 20)', () => {
  it('accepts up to 20 characters', () => {
    expect(keyOf(nickName, 'a')).toBeNull();
    expect(keyOf(nickName, '名'.repeat(20))).toBeNull();
  });
  it('rejects blank with nickNameBlank and long with nickNameLength', () => {
    expect(keyOf(nickName, '')).toBe('nickNameBlank');
    expect(keyOf(nickName, '   ')).toBe('nickNameBlank');
    expect(keyOf(nickName, 'x'.repeat(21))).toBe('nickNameLength');
  });
});

describe('signature (spec §5: at most 128)', () => {
  it('accepts empty and 128, rejects 129 with signatureLength', () => {
    expect(keyOf(signature, '')).toBeNull();
    expect(keyOf(signature, 's'.repeat(128))).toBeNull();
    expect(keyOf(signature, 's'.repeat(129))).toBe('signatureLength');
  });
});

describe('request schemas', () => {
  it('login needs a terminal, a user name and a password', () => {
    expect(keyOf(loginRequest, { terminal: Terminal.WEB, userName: 'ann@example.com', password: 'secret' })).toBeNull();
    expect(keyOf(loginRequest, { terminal: 7, userName: 'ann@example.com', password: 'secret' })).toBe('invalidParam');
    // zod reports every failing check; the first issue per field is the one the server answers with.
    const r = loginRequest.safeParse({ terminal: 0, userName: '', password: '' });
    const firstPerField = new Map<string, string>();
    for (const i of r.error?.issues ?? [])
      if (!firstPerField.has(String(i.path[0]))) firstPerField.set(String(i.path[0]), i.message);
    expect(Object.fromEntries(firstPerField)).toEqual({ userName: 'userNameBlank', password: 'passwordBlank' });
  });

  it('register validates every field; nickname is optional', () => {
    expect(keyOf(registerRequest, { userName: 'ann@example.com', password: 'secret' })).toBeNull();
    expect(keyOf(registerRequest, { userName: 'ann@example.com', password: 'secret', nickName: '' })).toBe(
      'nickNameBlank',
    );
    expect(keyOf(registerRequest, { userName: 'ann', password: 'secret' })).toBe('userNameLength');
  });

  it('new password must differ from the old one', () => {
    expect(keyOf(modifyPasswordRequest, { oldPassword: 'secret1', newPassword: 'secret2' })).toBeNull();
    const r = modifyPasswordRequest.safeParse({ oldPassword: 'secret1', newPassword: 'secret1' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('newPasswordSameAsOld');
    expect(r.error?.issues[0]?.path).toEqual(['newPassword']);
    expect(keyOf(modifyPasswordRequest, { oldPassword: '', newPassword: 'secret2' })).toBe('passwordBlank');
  });

  it('profile update checks nickname, signature and media urls', () => {
    expect(
      keyOf(userUpdateRequest, {
        nickName: 'Ann',
        signature: 'hi',
        sex: 1,
        headImage: `/uploads/2025/01/${'a'.repeat(32)}.png`,
      }),
    ).toBeNull();
    expect(keyOf(userUpdateRequest, { nickName: 'Ann', headImage: '/uploads/a.png' })).toBe('invalidParam');
    expect(keyOf(userUpdateRequest, { nickName: 'Ann', headImage: '//evil.example/a.png' })).toBe('invalidParam');
    expect(keyOf(userUpdateRequest, { nickName: '' })).toBe('nickNameBlank');
    expect(keyOf(userUpdateRequest, { nickName: 'Ann', signature: 'x'.repeat(129) })).toBe('signatureLength');
    expect(keyOf(userUpdateRequest, { nickName: 'Ann', sex: 2 })).toBe('invalidParam');
    expect(keyOf(userUpdateRequest, { nickName: 'Ann', headImage: 'javascript:alert(1)' })).toBe('invalidParam');
  });

  it('online query parses a comma list of ids', () => {
    expect(terminalOnlineQuery.parse({ userIds: '1,2, 3,' })).toEqual({ userIds: [1, 2, 3] });
    expect(keyOf(terminalOnlineQuery, { userIds: '1,x' })).toBe('invalidParam');
  });

  it('client frames are login and heartbeat only', () => {
    expect(keyOf(clientFrame, { cmd: 0, data: { accessToken: 't' } })).toBeNull();
    expect(keyOf(clientFrame, { cmd: 1 })).toBeNull();
    expect(clientFrame.safeParse({ cmd: 3, data: {} }).success).toBe(false);
    expect(clientFrame.safeParse({ cmd: 0, data: { accessToken: '' } }).success).toBe(false);
  });

  it('every validation message is a catalogue key', () => {
    const samples: [z.ZodType, unknown][] = [
      [userName, ''],
      [userName, 'abc'],
      [userName, 'abcdef'],
      [password, ''],
      [password, '1'],
      [nickName, ''],
      [nickName, 'x'.repeat(30)],
      [signature, 'x'.repeat(200)],
      [modifyPasswordRequest, { oldPassword: 'aaaaa', newPassword: 'aaaaa' }],
      [userUpdateRequest, {}],
    ];
    for (const [schema, value] of samples)
      for (const key of keysOf(schema, value)) expect(SERVER_ERROR_KEYS as readonly string[]).toContain(key);
  });
});

describe('link previews', () => {
  it('asks about absolute http(s) URLs only, at most URL_MAX long, and takes no other key', () => {
    expect(linkPreviewRequest.safeParse({ url: 'https://example.com/a?b=1#c' }).success).toBe(true);
    for (const url of ['ftp://example.com/', 'javascript:alert(1)', 'https://user:pw@example.com/', '/relative', ''])
      expect(linkPreviewRequest.safeParse({ url }).success, url).toBe(false);
    const long = `https://example.com/${'a'.repeat(LinkPreviewLimits.URL_MAX)}`;
    expect(linkPreviewRequest.safeParse({ url: long }).success).toBe(false);
    expect(linkPreviewRequest.safeParse({ url: 'https://example.com/', title: 'x' }).success).toBe(false);
  });
  it('an edit keeps the preview while its link stays in the text', () => {
    const preview = { url: 'https://example.com/a' };
    expect(keepsLinkPreview(preview, 'see https://example.com/a!')).toBe(true);
    expect(keepsLinkPreview(preview, 'see https://example.com/')).toBe(false);
  });
});
