/**
 * A web push's notification words and tag (pure, so it is tested outside a service
 * worker): the payload and the words of the user's language (push/strings.ts).
 */
import { MessageType, PUSH_STRINGS_EN as ENGLISH, type PushPayload, type PushStrings } from '@parley/protocol';

/** The notification's title and body from the payload and the words. */
export function notificationText(p: PushPayload, s: PushStrings): { title: string; body: string } {
  const label = s.types[String(p.type)] ?? '';
  if (p.kind === 'call') {
    if (p.chatType === 'GROUP') return { title: p.title, body: s.groupCall.replace('{{name}}', p.from ?? '').trim() };
    return { title: p.title, body: p.type === 41 ? s.incomingVideoCall : s.incomingVoiceCall };
  }
  if (p.kind === 'missedCall') {
    const missed = p.chatType === 'GROUP' ? s.missedGroupCall : p.type === 41 ? s.missedVideoCall : s.missedVoiceCall;
    return { title: p.title, body: missed };
  }
  if (p.kind === 'friendRequest') {
    // "<nickname> wants to add you as a friend", the greeting (possibly empty) below.
    return { title: (s.friendRequest ?? ENGLISH.friendRequest!).replace('{{name}}', p.title), body: p.body };
  }
  // A reaction's body is its emoji, worded by the user's language ("Reacted 👍 to your message").
  const reacted = p.type === MessageType.REACTION ? (s.reacted ?? ENGLISH.reacted!) : undefined;
  // A photo, video or file with a caption: "[Image] Two sunsets".
  const captioned = p.type !== MessageType.TEXT && label && p.body ? `${label} ${p.body}` : '';
  const text = reacted ? reacted.replace('{{emoji}}', p.body) : captioned || p.body || label || s.newMessage;
  return { title: p.title || s.appName, body: p.from ? `${p.from}: ${text}` : text };
}

/**
 * One notification per chat (a newer one replaces it, so a missed call replaces its
 * ring); a friend request has its own per requester (asking again replaces it).
 */
export const notificationTag = (p: PushPayload): string =>
  p.kind === 'friendRequest' ? `REQUEST-${p.chatId}` : `${p.chatType}-${p.chatId}`;
