/** Where a hit opens: its chat box, asked to jump to the message (useJumpToMessage). */
import type { SearchHit } from '@parley/protocol';
import { chatBoxPath } from '../routes/paths';

export const hitLink = (hit: Pick<SearchHit, 'chatType' | 'targetId' | 'id'>): string =>
  `${chatBoxPath(hit.chatType, hit.targetId)}&msgId=${hit.id}`;
