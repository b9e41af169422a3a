/** A complete Friend for tests. */
import type { Friend } from '@parley/protocol';

export function makeFriend(id: number, patch: Partial<Friend> = {}): Friend {
  const nickName = patch.nickName ?? `user${id}`;
  return {
    id,
    userName: `user${id}@example.com`,
    nickName,
    headImage: '',
    headImageThumb: '',
    sex: 0,
    signature: '',
    remark: '',
    showNickName: patch.remark || nickName,
    online: false,
    onlineWeb: false,
    onlineApp: false,
    isDnd: false,
    pinnedAt: 0,
    deleted: false,
    isBlocked: false,
    createTime: 1_700_000_000_000,
    ...patch,
  };
}
