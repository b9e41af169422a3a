import { describe, expect, it } from 'vitest';
import { Terminal } from '@parley/protocol';
import { detectTerminal, terminalOfToken, type TerminalEnv } from './terminal';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** A browser whose media queries in `on` match. */
function env(userAgent: string, on: string[] = [], extra: TerminalEnv['navigator'] = {}): TerminalEnv {
  return { matchMedia: (q) => ({ matches: on.includes(q) }), navigator: { userAgent, ...extra } };
}
const FINE = ['(pointer: fine)', '(any-pointer: fine)'];
const TOUCH = ['(pointer: coarse)', '(any-pointer: coarse)'];

describe('detectTerminal', () => {
  it('the installed app is APP, even on a desktop', () => {
    expect(detectTerminal(env(WINDOWS, ['(display-mode: standalone)', ...FINE]))).toBe(Terminal.APP);
    expect(detectTerminal(env(MAC, FINE, { standalone: true }))).toBe(Terminal.APP);
  });

  it('phones are APP: client hints, a touch-only pointer, or a mobile user agent', () => {
    expect(detectTerminal(env(ANDROID, TOUCH, { userAgentData: { mobile: true } }))).toBe(Terminal.APP);
    expect(detectTerminal(env(IPHONE, TOUCH))).toBe(Terminal.APP);
    // No media queries at all (an old webview): the user agent decides.
    expect(detectTerminal({ navigator: { userAgent: IPHONE } })).toBe(Terminal.APP);
  });

  it('desktop browsers are WEB, a touch-screen laptop with a trackpad too', () => {
    expect(detectTerminal(env(WINDOWS, FINE, { userAgentData: { mobile: false } }))).toBe(Terminal.WEB);
    expect(detectTerminal(env(MAC, FINE))).toBe(Terminal.WEB);
    expect(detectTerminal(env(WINDOWS, ['(any-pointer: coarse)', ...FINE]))).toBe(Terminal.WEB);
  });

  it('client hints win over a desktop-looking user agent (Android "desktop site" keeps mobile: true)', () => {
    expect(detectTerminal(env(WINDOWS, FINE, { userAgentData: { mobile: true } }))).toBe(Terminal.APP);
  });
});

describe('terminalOfToken', () => {
  const jwt = (payload: object) =>
    `h.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;
  it('reads the trm claim', () => {
    expect(terminalOfToken(jwt({ trm: 1, sid: 'x' }))).toBe(Terminal.APP);
    expect(terminalOfToken(jwt({ trm: 0 }))).toBe(Terminal.WEB);
  });
  it('null for anything else', () => {
    expect(terminalOfToken('garbage')).toBeNull();
    expect(terminalOfToken(jwt({ trm: 7 }))).toBeNull();
  });
});
