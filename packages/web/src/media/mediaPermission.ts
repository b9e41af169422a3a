/**
 * Camera and microphone are asked for with an explanation first (spec §6), as
 * notifications are (push/index.ts): a sheet says why before the browser's own prompt;
 * a permission already refused says how to allow it in the site settings instead.
 */
import { t } from '../i18n';
import { alertDialog, confirmDialog } from '../ui/dialog';

/** What the media is for: the words of the sheet (`media.<purpose>.*`). */
export type MediaPurpose = 'voice' | 'call' | 'videoCall';

/** The permission a purpose cannot go without (a video call without its camera goes on with audio). */
const ESSENTIAL: Record<MediaPurpose, 'microphone' | 'camera'> = {
  voice: 'microphone',
  call: 'microphone',
  videoCall: 'microphone',
};
const ALSO: Partial<Record<MediaPurpose, 'camera'>> = { videoCall: 'camera' };

async function stateOf(name: 'microphone' | 'camera'): Promise<PermissionState | 'unknown'> {
  try {
    return (await navigator.permissions.query({ name: name as PermissionName })).state;
  } catch {
    return 'unknown'; // no Permissions API for it (older Safari, Firefox's camera): explain first
  }
}

/** The refused permission's way back: the browser's site settings. */
export async function explainDenied(purpose: MediaPurpose): Promise<void> {
  await alertDialog({ title: t('media.deniedTitle'), content: t(`media.${purpose}.denied`), testId: 'media-denied' });
}

/** Before getUserMedia: true when the feature may ask the browser now. */
export async function askMedia(purpose: MediaPurpose): Promise<boolean> {
  const [essential, also] = await Promise.all([
    stateOf(ESSENTIAL[purpose]),
    ALSO[purpose] ? stateOf(ALSO[purpose]) : Promise.resolve<PermissionState>('granted'),
  ]);
  if (essential === 'denied') {
    await explainDenied(purpose);
    return false;
  }
  if (essential === 'granted' && also !== 'prompt' && also !== 'unknown') return true;
  return confirmDialog({
    title: t(`media.${purpose}.title`),
    content: t(`media.${purpose}.text`),
    confirmText: t('media.continue'),
    cancelText: t('push.notNow'),
    testId: 'media-prompt',
  });
}
