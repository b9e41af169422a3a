/**
 * System notifications (spec §4): shown only while the app is in the background,
 * after the user granted permission (asked with the spec's explanation by push/index.ts).
 */
const supported = (): boolean => typeof globalThis.Notification === 'function';

export const pageVisible = (): boolean =>
  typeof document === 'undefined' ? true : document.visibilityState === 'visible';

export interface ChatNotice {
  title: string;
  body: string;
  icon?: string;
  /** One notification per chat: a newer one replaces it. */
  tag: string;
  onClick(): void;
}

export function showNotification(notice: ChatNotice): void {
  if (!supported() || Notification.permission !== 'granted' || pageVisible()) return;
  try {
    const n = new Notification(notice.title, { body: notice.body, icon: notice.icon || undefined, tag: notice.tag });
    n.onclick = () => {
      globalThis.focus();
      notice.onClick();
      n.close();
    };
  } catch {
    // Some mobile browsers only allow notifications from a service worker.
  }
}
