/**
 * Messages as they travel (wire-contract §6). The chat issues add the send,
 * recall, read and pull endpoints; the shapes are fixed here so every feature
 * that stores a message (e.g. the "you are now friends" tip) uses the same one.
 */
import { z } from 'zod';
import { linkPreview } from './link-preview.js';
import { reactionSummary } from './message-reaction.js';

export const quoteMessage = z.object({
  id: z.number().int(),
  sendId: z.number().int(),
  type: z.number().int(),
  content: z.string(),
  status: z.number().int(),
});
export type QuoteMessage = z.infer<typeof quoteMessage>;

export const privateMessage = z.object({
  id: z.number().int(),
  tmpId: z.string().optional(),
  sendId: z.number().int(),
  recvId: z.number().int(),
  type: z.number().int(),
  content: z.string(),
  status: z.number().int(),
  sendTime: z.number().int(),
  quoteMessage: quoteMessage.optional(),
  /** Present (true) when the sender forwarded it; the receiver shows "Forwarded". */
  forwarded: z.literal(true).optional(),
  /** Present when the sender edited it: the time of the last edit (docs/PROTOCOL.md "Edit"). */
  editTime: z.number().int().optional(),
  /** A TEXT message's link preview, attached by the server from its cache (link-preview.ts). */
  linkPreview: linkPreview.optional(),
  /** Present when it has reactions: the summary as of `reactTime` (docs/PROTOCOL.md "Reactions"). */
  reactions: reactionSummary.optional(),
  /** Present when its reactions ever changed: the time of the summary it carries. */
  reactTime: z.number().int().optional(),
});
export type PrivateMessage = z.infer<typeof privateMessage>;

/**
 * Texts of the TIP_TEXT (21) messages the server itself stores. `content` is the
 * English sentence (what a client that does not know the tip shows); a client that
 * knows it translates by key (locale key `tips.<key>`): see `tipTextKey`.
 */
export const TipText = {
  /** Stored once per new friendship, sender = the user who added. */
  friendAdded: 'You are now friends. Start chatting!',
  /** Stored with each pin (docs/PROTOCOL.md "Pinned messages"), sender = who pinned: a client names them. */
  messagePinned: 'A message was pinned',
} as const;
export type TipTextKey = keyof typeof TipText;

/** The key of a server tip text, or undefined for any other content. */
export function tipTextKey(content: string): TipTextKey | undefined {
  return (Object.keys(TipText) as TipTextKey[]).find((k) => TipText[k] === content);
}
