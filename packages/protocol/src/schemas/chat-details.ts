/**
 * Chat details (issue 22 point 4, docs/PROTOCOL.md "Chat details"): pinning a chat to
 * the top of my chat list on every terminal, and the shared content of one chat
 * (media, files, links), newest first, paged by id.
 */
import { z } from 'zod';
import { bodyId, id, queryInt } from './fields.js';
import { groupMessage } from './group-message.js';
import { privateMessage } from './message.js';

const bad = { error: 'invalidParam' } as const;

export const friendTopRequest = z.object({ friendId: bodyId, isTop: z.boolean(bad) });
export type FriendTopRequest = z.infer<typeof friendTopRequest>;
export const groupTopRequest = z.object({ groupId: bodyId, isTop: z.boolean(bad) });
export type GroupTopRequest = z.infer<typeof groupTopRequest>;

/** media = IMAGE + VIDEO, file = FILE, link = a TEXT holding an http(s) URL. */
export const SharedKind = { MEDIA: 'media', FILE: 'file', LINK: 'link' } as const;
export type SharedKind = (typeof SharedKind)[keyof typeof SharedKind];
export const sharedKind = z.enum([SharedKind.MEDIA, SharedKind.FILE, SharedKind.LINK], bad);

/** Items a page may ask for. */
export const SHARED_PAGE_MAX = 60;

const sharedPage = {
  kind: sharedKind,
  /** The `next` of the previous page: items with a smaller id. */
  beforeId: id.optional(),
  size: queryInt.pipe(z.number().min(1, bad).max(SHARED_PAGE_MAX, bad)).default(30),
};
export const privateSharedQuery = z.object({ friendId: id, ...sharedPage });
export type PrivateSharedQuery = z.infer<typeof privateSharedQuery>;
export const groupSharedQuery = z.object({ groupId: id, ...sharedPage });
export type GroupSharedQuery = z.infer<typeof groupSharedQuery>;

/** `next`: the `beforeId` of the next page, or null when this was the last. */
export const privateSharedReply = z.object({ messages: z.array(privateMessage), next: z.number().int().nullable() });
export type PrivateSharedReply = z.infer<typeof privateSharedReply>;
export const groupSharedReply = z.object({ messages: z.array(groupMessage), next: z.number().int().nullable() });
export type GroupSharedReply = z.infer<typeof groupSharedReply>;
