import { describe, expect, it } from 'vitest';
import { registerRequest, modifyPasswordRequest } from '@parley/protocol';
import { validate } from './validate';

describe('validate with protocol schemas', () => {
  it('reports catalogue keys per field', () => {
    const r = validate(registerRequest, { userName: 'nope', password: '123' });
    expect(r.ok).toBe(false);
    expect(r.errors.userName).toBe('errors.userNameLength');
    expect(r.errors.password).toBe('errors.passwordLength');
  });

  it('keeps the first rule that failed', () => {
    expect(validate(registerRequest, { userName: '', password: '' }).errors).toMatchObject({
      userName: 'errors.userNameBlank',
      password: 'errors.passwordBlank',
    });
    expect(validate(registerRequest, { userName: 'alice@', password: 'secret' }).errors.userName).toBe(
      'errors.userNameFormat',
    );
  });

  it('passes valid input through (trimmed)', () => {
    const r = validate(registerRequest, { userName: ' alice@example.com ', password: 'secret' });
    expect(r.ok && r.data.userName).toBe('alice@example.com');
  });

  it('maps refinements to their path', () => {
    const r = validate(modifyPasswordRequest, { oldPassword: 'secret1', newPassword: 'secret1' });
    expect(r.errors.newPassword).toBe('errors.newPasswordSameAsOld');
  });

  it('names the rule of a generic refusal (a nickname with a zero-width space, a bidi override)', () => {
    for (const nickName of ['tr\u200Bial', '\u202Etrial']) {
      const r = validate(registerRequest, { userName: 'a@example.com', password: 'secret1', nickName });
      expect(r.errors.nickName).toBe('rules.characters');
    }
  });
});
