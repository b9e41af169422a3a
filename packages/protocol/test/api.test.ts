import { describe, expect, it } from 'vitest';
import { API_BASE, UPLOADS_PATH, WS_PATH, api, fillPath } from '../src/index.js';

describe('api table', () => {
  const entries = Object.entries(api);

  it('paths start with / and are unique per method', () => {
    const seen = new Set<string>();
    for (const [name, ep] of entries) {
      expect(ep.path, name).toMatch(/^\//);
      expect(ep.path.startsWith(API_BASE + '/'), `${name} must be relative to API_BASE`).toBe(false);
      const key = `${ep.method} ${ep.path}`;
      expect(seen.has(key), `duplicate ${key}`).toBe(false);
      seen.add(key);
      expect(['GET', 'POST', 'PUT', 'DELETE']).toContain(ep.method);
      expect(ep.reply, name).toBeDefined();
    }
  });

  it('GET endpoints carry no body', () => {
    for (const [name, ep] of entries) if (ep.method === 'GET') expect('body' in ep, name).toBe(false);
  });

  it('only pre-login calls skip auth', () => {
    const open = entries.filter(([, ep]) => !ep.auth).map(([n]) => n);
    // Password recovery (issue 22 point 9) is for those who cannot log in.
    expect(open.sort()).toEqual([
      'login',
      'passwordForgot',
      'passwordRecovery',
      'passwordReset',
      'refreshToken',
      'register',
    ]);
  });

  it('has the base paths', () => {
    expect(API_BASE).toBe('/api');
    expect(WS_PATH).toBe('/im');
    expect(UPLOADS_PATH).toMatch(/^\//);
  });

  it('fills path params with encoding', () => {
    expect(fillPath(api.userFind.path, { id: 7 })).toBe('/user/find/7');
    expect(fillPath('/a/:x/b', { x: 'a b' })).toBe('/a/a%20b/b');
    expect(fillPath('/plain')).toBe('/plain');
  });
});
