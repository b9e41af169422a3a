/** Links of the chat details pages (issue 22 point 4). */
import { ChatType } from '@parley/protocol';
import { Links, Paths } from '../../../routes/paths';

const withQuery = (path: string, type: string, targetId: number) =>
  `${path}?${new URLSearchParams({ type, targetId: String(targetId) }).toString()}`;

/** A private chat's details page; a group's details are its group info. */
export const chatDetailsLink = (type: string, targetId: number): string =>
  type === ChatType.GROUP ? Links.groupInfo(targetId) : withQuery(Paths.chatDetails, type, targetId);
export const chatSharedLink = (type: string, targetId: number): string => withQuery(Paths.chatShared, type, targetId);
