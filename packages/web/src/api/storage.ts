/**
 * Local storage of spec §3: login info (accessToken, refreshToken) and the chosen
 * language. Access is wrapped so a blocked storage (private mode) never throws.
 */
import type { TokenPair } from '@parley/protocol';

const LOGIN_INFO_KEY = 'loginInfo';
const LOCALE_KEY = 'locale';

export interface LoginInfo {
  accessToken: string;
  refreshToken: string;
}

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // storage unavailable: the session lives only in memory
  }
}

export function getLoginInfo(): LoginInfo | null {
  const raw = read(LOGIN_INFO_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<LoginInfo>;
    return typeof v.accessToken === 'string' && typeof v.refreshToken === 'string'
      ? { accessToken: v.accessToken, refreshToken: v.refreshToken }
      : null;
  } catch {
    return null;
  }
}

export function setLoginInfo(pair: TokenPair | LoginInfo): void {
  write(LOGIN_INFO_KEY, JSON.stringify({ accessToken: pair.accessToken, refreshToken: pair.refreshToken }));
}

export function clearLoginInfo(): void {
  write(LOGIN_INFO_KEY, null);
}

export function getStoredLocale(): string | null {
  return read(LOCALE_KEY);
}

export function setStoredLocale(locale: string): void {
  write(LOCALE_KEY, locale);
}
