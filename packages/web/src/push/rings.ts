/**
 * A ring notification (web push, kind `call`: docs/CALLS.md §2.5) is only for a closed
 * app. Once a terminal is connected the app shows a ring that still runs itself
 * (`/webrtc/current` after the login), so the notification is closed: it would only
 * repeat the call screen, or point at a call that is over.
 */
export async function closeRingNotifications(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const reg = await navigator.serviceWorker.getRegistration();
    for (const n of (await reg?.getNotifications()) ?? []) {
      if ((n.data as { kind?: unknown } | null)?.kind === 'call') n.close();
    }
  } catch {
    // no service worker or no access: nothing to close
  }
}
