/**
 * The words the service worker shows (it has no i18n of its own): written to Cache
 * Storage in the user's language whenever push is registered or the language changes.
 */
import i18next from 'i18next';
import { MessageType, PUSH_STRINGS_CACHE, PUSH_STRINGS_URL, type PushStrings } from '@parley/protocol';
import { t } from '../i18n';

export function pushStrings(): PushStrings {
  return {
    types: {
      [MessageType.IMAGE]: t('chat.preview.image'),
      [MessageType.FILE]: t('chat.preview.file'),
      [MessageType.AUDIO]: t('chat.preview.voice'),
      [MessageType.VIDEO]: t('chat.preview.video'),
      [MessageType.CARD]: t('chat.preview.card'),
      [MessageType.ACT_RT_VOICE]: t('chat.preview.voiceCall'),
      [MessageType.ACT_RT_VIDEO]: t('chat.preview.videoCall'),
    },
    incomingVoiceCall: t('push.incomingVoiceCall'),
    incomingVideoCall: t('push.incomingVideoCall'),
    // The service worker fills the caller's name in.
    groupCall: t('push.groupCall', { name: '{{name}}', interpolation: { escapeValue: false } }),
    missedVoiceCall: t('push.missedVoiceCall'),
    missedVideoCall: t('push.missedVideoCall'),
    missedGroupCall: t('push.missedGroupCall'),
    newMessage: t('push.newMessage'),
    // The service worker fills the emoji in.
    reacted: t('push.reacted', { emoji: '{{emoji}}', interpolation: { escapeValue: false } }),
    // The service worker fills the requester's nickname in.
    friendRequest: t('push.friendRequest', { name: '{{name}}', interpolation: { escapeValue: false } }),
    appName: t('app.name'),
  };
}

export async function savePushStrings(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(PUSH_STRINGS_CACHE);
    const body = JSON.stringify(pushStrings());
    await cache.put(PUSH_STRINGS_URL, new Response(body, { headers: { 'content-type': 'application/json' } }));
  } catch {
    // storage blocked: the service worker falls back to English
  }
}

let listening = false;
/** Keep the words in step with the language picker. */
export function followLanguage(): void {
  if (listening) return;
  listening = true;
  i18next.on('languageChanged', () => void savePushStrings());
}
