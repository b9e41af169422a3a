/**
 * The edit action (issue 21 point 1): PUT the new content, then apply the reply's
 * EDIT (13) message through the same path as one from the socket (incoming.ts,
 * groupIncoming.ts → edits.ts), so this terminal shows exactly what the others will.
 * A refusal rejects; the request wrapper has shown its catalogue text.
 */
import { ChatType } from '@parley/protocol';
import type { EngineCore } from './context';
import type { GroupIncoming } from './groupIncoming';
import type { Incoming } from './incoming';

export function createEditing(core: EngineCore, incoming: Incoming, groupIncoming: GroupIncoming) {
  const { deps, session } = core;

  async function edit(type: ChatType, _targetId: number, messageId: number, content: string, atUserIds: number[] = []) {
    const gen = session.gen;
    if (type === ChatType.GROUP) {
      const reply = await deps.groupApi.edit(messageId, content, atUserIds);
      // signed out (or in as someone else) meanwhile: the reply is not this session's
      if (gen === session.gen) groupIncoming.applyEditMessage(reply);
      return;
    }
    if (type !== ChatType.PRIVATE) return;
    const reply = await deps.api.edit(messageId, content);
    if (gen === session.gen) incoming.applyEditMessage(reply);
  }

  return { edit };
}
