/**
 * The user agreement and privacy policy consent, asked once on this device (issue 22
 * point 9): agreeing in the policy dialog, or registering or logging in with the box
 * ticked, is remembered, so login does not ask again, after a logout either (a logout
 * forgets the user's data, not the device's consent).
 */
const CONSENT_KEY = 'policyConsent';

export function hasConsented(): boolean {
  try {
    return localStorage.getItem(CONSENT_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberConsent(): void {
  try {
    localStorage.setItem(CONSENT_KEY, '1');
  } catch {
    // storage blocked: it is asked again next time
  }
}
