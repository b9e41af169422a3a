/**
 * Which terminal this browser signs in as (issue 11, point 2). The server keeps one
 * session per user and terminal, so a phone and a laptop must differ: the installed
 * app and phone-class browsers are APP, desktop browsers WEB. A signed-in page keeps
 * the terminal its token was issued for (a rotated phone or a resized window does not
 * change it mid-session).
 */
import { Terminal } from '@parley/protocol';
import { getLoginInfo } from '../api/storage';

/** The parts of the browser the rule reads; tests pass their own. */
export interface TerminalEnv {
  matchMedia?: (query: string) => { matches: boolean };
  navigator?: {
    userAgent?: string;
    maxTouchPoints?: number;
    /** iOS Safari's home-screen app. */
    standalone?: boolean;
    userAgentData?: { mobile?: boolean };
  };
}

/** Phones and tablets in their user agent (when User-Agent Client Hints are not there). */
const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|IEMobile|Opera Mini|BlackBerry|webOS/i;

const matches = (env: TerminalEnv, query: string) => env.matchMedia?.(query).matches === true;

/** APP for the installed app or a phone-class browser, else WEB. */
export function detectTerminal(env: TerminalEnv = globalThis as TerminalEnv): Terminal {
  const nav = env.navigator;
  if (matches(env, '(display-mode: standalone)') || matches(env, '(display-mode: fullscreen)') || nav?.standalone)
    return Terminal.APP;
  const mobile = nav?.userAgentData?.mobile;
  if (mobile !== undefined) return mobile ? Terminal.APP : Terminal.WEB;
  // A touch screen as the only pointer (no mouse or trackpad): a phone or tablet.
  if (matches(env, '(pointer: coarse)') && !matches(env, '(any-pointer: fine)')) return Terminal.APP;
  return MOBILE_UA.test(nav?.userAgent ?? '') ? Terminal.APP : Terminal.WEB;
}

/** The `trm` claim of an access token (a JWT), or null when it cannot be read. */
export function terminalOfToken(accessToken: string): Terminal | null {
  try {
    const part = accessToken.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const trm = (JSON.parse(json) as { trm?: unknown }).trm;
    return trm === Terminal.WEB || trm === Terminal.APP ? trm : null;
  } catch {
    return null;
  }
}

/** The terminal of the signed-in session, or the one a login here would use. */
export function currentTerminal(): Terminal {
  const info = getLoginInfo();
  return (info && terminalOfToken(info.accessToken)) ?? detectTerminal();
}
