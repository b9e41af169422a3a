/**
 * The send pipeline (spec §4, §7): an optimistic entry shows at once, attachments
 * upload with progress, the server's copy replaces the entry. Text and cards cut off by
 * the network wait in the queue (outbox.ts); a refused send, or a file, fails and the user
 * retries. Also recall and delete-for-me.
 */
import {
  ChatType,
  MessageStatus,
  MessageType,
  ReplyCode,
  checkMessageContent,
  type CardContent,
} from '@parley/protocol';
import { attachmentPreview, uploadAttachment } from './attachments';
import type { EngineCore } from './context';
import type { Progress } from './deps';
import type { GroupIncoming } from './groupIncoming';
import type { Incoming } from './incoming';
import { createOutbox, isQueueable, isTransient, type DeliverOutcome } from './outbox';
import { indexOfId, indexOfKey, indexOfTmpId } from './messages';
import type { Saver } from './saving';
import { lastOf, type ChatRecord } from './state';
import { chatKey, type Attachment, type ChatMessage, type SendOptions } from './types';

const DELETED_IDS_MAX = 5_000;

export interface Sending {
  sendText(type: ChatType, targetId: number, text: string, opts?: SendOptions): Promise<void>;
  sendAttachment(type: ChatType, targetId: number, attachment: Attachment, opts?: SendOptions): Promise<void>;
  /** A preview's batch: shown and sent in the order given; `opts` (quote, mentions) go with the first. */
  sendAttachments(type: ChatType, targetId: number, list: Attachment[], opts?: SendOptions): Promise<void>;
  sendCard(type: ChatType, targetId: number, card: CardContent, opts?: SendOptions): Promise<void>;
  forward(message: ChatMessage, targets: { type: ChatType; targetId: number }[]): Promise<void>;
  retry(type: ChatType, targetId: number, key: string): Promise<void>;
  recall(type: ChatType, targetId: number, messageId: number): Promise<void>;
  deleteMessage(type: ChatType, targetId: number, key: string): Promise<void>;
  /** Sign-out: forget the picked files. */
  reset(): void;
  /** Socket logged in: send the messages typed offline, in order (outbox.ts). */
  flushQueue(): Promise<void>;
}

function quoteOf(c: ChatRecord, id: number | undefined) {
  if (id === undefined) return undefined;
  const at = indexOfId(c.messages, id);
  const m = at >= 0 ? c.messages[at] : undefined;
  return m ? { id, sendId: m.sendId, type: m.type, content: m.content, status: m.status } : undefined;
}

export function createSending(
  core: EngineCore,
  saver: Saver,
  incoming: Incoming,
  groupIncoming: GroupIncoming,
  /** The socket is logged in: sends go now, else text and cards wait in the queue. */
  isLive: () => boolean = () => true,
): Sending {
  const { deps, session } = core;
  /** Picked files of entries not sent yet, by tmpId: kept for retries. */
  const uploads = new Map<string, Attachment>();

  function setEntry(key: string, tmpId: string, fields: Partial<ChatMessage>) {
    core.patch(key, (c) => {
      const at = indexOfTmpId(c.messages, tmpId);
      if (at < 0) return c;
      const messages = [...c.messages];
      messages[at] = { ...messages[at]!, ...fields };
      const isLast = at === messages.length - 1;
      return { ...c, messages, last: isLast ? lastOf(messages[at]!) : c.last };
    });
  }

  /** Add the optimistic entry and run the pipeline. */
  async function submit(
    type: ChatType,
    targetId: number,
    msgType: number,
    content: string,
    opts: SendOptions = {},
    attachment?: Attachment,
    /** A batch's previous item: its send goes first (the uploads run side by side). */
    after?: Promise<unknown>,
  ): Promise<void> {
    if (!session.loaded) await core.untilLoaded();
    const uid = session.userId;
    if (uid === null) return;
    if (type !== ChatType.PRIVATE && type !== ChatType.GROUP) throw new Error(`chat type ${type} cannot send`);
    const group = type === ChatType.GROUP;
    const key = core.ensureChat(type, targetId);
    const tmpId = deps.newTmpId();
    const now = deps.now();
    // Offline, or behind others still waiting: queued, so the order typed is the order sent.
    const queued = !attachment && isQueueable(msgType) && (!isLive() || outbox.hasQueued());
    let clearedDraft = false;
    core.patch(key, (c) => {
      clearedDraft = c.draft !== '';
      const entry: ChatMessage = {
        tmpId,
        type: msgType,
        content,
        sendId: uid,
        ...(group ? { groupId: targetId } : { recvId: targetId }),
        sendTime: now,
        status: MessageStatus.UNSEND,
        selfSend: true,
        loadStatus: queued ? 'queued' : 'sending',
      };
      const quote = quoteOf(c, opts.quoteMessageId);
      if (quote) entry.quoteMessage = quote;
      if (group && opts.atUserIds?.length) entry.atUserIds = opts.atUserIds;
      if (group && opts.receipt) Object.assign(entry, { receipt: true, receiptOk: false, readedCount: 0 });
      if (opts.forwarded) entry.forwarded = true;
      if (opts.linkPreview && msgType === MessageType.TEXT) entry.linkPreview = opts.linkPreview;
      if (attachment) entry.progress = 0;
      return { ...c, messages: [...c.messages, entry], last: lastOf(entry), lastSendTime: now, draft: '' };
    });
    if (attachment) uploads.set(tmpId, attachment);
    // A draft that was saved must not come back after a reload right after sending it.
    if (clearedDraft && !queued) void saver.flush(true);
    if (!queued) return void (await deliver(key, tmpId, after));
    // Saved at once: the app may be closed before the connection returns.
    await saver.flush(true);
    await outbox.flush();
  }

  /** Shows upload progress on the entry, in whole percents. */
  function progressOf(key: string, tmpId: string): Progress {
    let shown = -1;
    return (fraction) => {
      const pct = Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
      if (pct === shown) return;
      shown = pct;
      setEntry(key, tmpId, { progress: pct / 100 });
    };
  }

  async function deliver(key: string, tmpId: string, after?: Promise<unknown>): Promise<DeliverOutcome> {
    const gen = session.gen;
    const c = core.chatOf(key);
    const at = c ? indexOfTmpId(c.messages, tmpId) : -1;
    if (!c || at < 0) return 'stale';
    const entry = c.messages[at]!;
    setEntry(key, tmpId, { loadStatus: 'sending' });
    const pending = uploads.get(tmpId);
    try {
      let content = entry.content;
      if (pending) {
        content = await uploadAttachment(pending, deps.upload, progressOf(key, tmpId));
        if (gen !== session.gen) return 'stale';
        uploads.delete(tmpId);
        setEntry(key, tmpId, { content, progress: 1 });
      }
      if (after) {
        await after.catch(() => undefined);
        if (gen !== session.gen) return 'stale';
      }
      const quoteMessageId = entry.quoteMessage?.id;
      if (c.type === ChatType.GROUP) {
        const reply = await deps.groupApi.send({
          tmpId,
          groupId: c.targetId,
          type: entry.type,
          content,
          receipt: entry.receipt === true,
          atUserIds: entry.atUserIds ?? [],
          quoteMessageId,
          ...(entry.forwarded ? { forwarded: true } : {}),
          ...(entry.linkPreview ? { linkPreview: { url: entry.linkPreview.url } } : {}),
        });
        if (gen !== session.gen) return 'stale';
        groupIncoming.applyMessage(reply, false);
        return 'sent';
      }
      const reply = await deps.api.send({
        tmpId,
        recvId: c.targetId,
        type: entry.type,
        content,
        quoteMessageId,
        ...(entry.forwarded ? { forwarded: true } : {}),
        ...(entry.linkPreview ? { linkPreview: { url: entry.linkPreview.url } } : {}),
      });
      if (gen !== session.gen) return 'stale';
      incoming.applyMessage(reply, false);
      outbox.settled(tmpId);
      return 'sent';
    } catch (err) {
      if (gen !== session.gen) return 'stale';
      // Text and cards cut off by the network wait for it (same tmpId, so sent once): after
      // the next login, or a short pause while the socket still looks up (outbox.ts).
      if (!pending && isQueueable(entry.type) && isTransient(err) && outbox.mayWait(tmpId)) {
        setEntry(key, tmpId, { loadStatus: 'queued' });
        void saver.flush(true);
        return 'queued';
      }
      // Files are never resent automatically (spec §4): the user retries.
      setEntry(key, tmpId, { loadStatus: 'fail' });
      deps.toast(pending ? deps.t('errors.fileSendFailed') : failureText(err));
      return 'failed';
    }
  }

  const outbox = createOutbox(core, isLive, deliver);

  /** Sends are quiet on the wire (a queued one is no error): a failure says why here. */
  function failureText(err: unknown): string {
    const code = (err as { code?: unknown } | null)?.code;
    if (typeof code === 'number' && code >= ReplyCode.SERVER_ERROR) return deps.t('errors.serverBusy');
    return err instanceof Error && err.message ? err.message : deps.t('errors.networkWeak');
  }

  /** Text and cards are checked as the server checks them; refused with the catalogue message. */
  function checked(msgType: number, content: string): string | undefined {
    const check = checkMessageContent(msgType, content);
    if (check.ok) return check.content;
    deps.toast(deps.t(`errors.${check.key}`));
    return undefined;
  }

  async function sendText(type: ChatType, targetId: number, text: string, opts?: SendOptions) {
    const content = checked(MessageType.TEXT, text);
    if (content !== undefined) await submit(type, targetId, MessageType.TEXT, content, opts);
  }

  async function sendCard(type: ChatType, targetId: number, card: CardContent, opts?: SendOptions) {
    const content = checked(MessageType.CARD, JSON.stringify(card));
    if (content !== undefined) await submit(type, targetId, MessageType.CARD, content, opts);
  }

  async function retry(type: ChatType, targetId: number, key: string) {
    if (!session.loaded) await core.untilLoaded();
    const ck = chatKey({ type, targetId });
    const c = core.chatOf(ck);
    const at = c ? indexOfKey(c.messages, key) : -1;
    const m = at >= 0 ? c!.messages[at] : undefined;
    if (!m || m.id !== undefined || !m.tmpId || m.loadStatus !== 'fail') return;
    if (!uploads.has(m.tmpId) && m.content.includes('blob:')) {
      // The picked file did not survive a reload: it cannot be uploaded again.
      deps.toast(deps.t('chat.retryUnavailable'));
      return;
    }
    await deliver(ck, m.tmpId);
  }

  async function recall(type: ChatType, targetId: number, messageId: number) {
    const gen = session.gen;
    if (type === ChatType.GROUP) {
      const reply = await deps.groupApi.recall(messageId);
      if (gen === session.gen) groupIncoming.applyRecallMessage(reply);
      return;
    }
    if (type !== ChatType.PRIVATE) return;
    const reply = await deps.api.recall(messageId);
    if (gen !== session.gen) return;
    incoming.applyRecallMessage(reply);
  }

  async function deleteMessage(type: ChatType, targetId: number, key: string): Promise<void> {
    if (!session.loaded) await core.untilLoaded();
    core.patch(chatKey({ type, targetId }), (c) => {
      const at = indexOfKey(c.messages, key);
      if (at < 0) return c;
      const m = c.messages[at]!;
      const messages = [...c.messages.slice(0, at), ...c.messages.slice(at + 1)];
      if (m.tmpId) uploads.delete(m.tmpId);
      const deletedIds = m.id === undefined ? c.deletedIds : [...c.deletedIds, m.id].slice(-DELETED_IDS_MAX);
      const wasLast = at === c.messages.length - 1;
      const newLast = messages[messages.length - 1];
      return {
        ...c,
        messages,
        deletedIds,
        last: wasLast ? (newLast ? lastOf(newLast) : undefined) : c.last,
      };
    });
    return saver.flush();
  }

  return {
    sendText,
    sendCard,
    async sendAttachment(type, targetId, attachment, opts) {
      const { msgType, preview } = await attachmentPreview(attachment, deps.upload);
      await submit(type, targetId, msgType, preview, opts, attachment);
    },
    async sendAttachments(type, targetId, list, opts) {
      // Previews first, in order, so the entries stand in the order chosen.
      const previews: Awaited<ReturnType<typeof attachmentPreview>>[] = [];
      for (const a of list) previews.push(await attachmentPreview(a, deps.upload));
      let previous: Promise<unknown> | undefined;
      const runs = previews.map(({ msgType, preview }, i) => {
        const run = submit(type, targetId, msgType, preview, i === 0 ? opts : undefined, list[i], previous);
        previous = run;
        return run;
      });
      await Promise.all(runs);
    },
    async forward(message, targets) {
      if (message.status === MessageStatus.RECALL || message.type > MessageType.CARD) return;
      // A copy per target with new tmpIds, reusing the uploaded URLs; a text keeps its link's
      // preview while the server still caches it (it attaches its own copy, or none).
      const opts = { forwarded: true, ...(message.linkPreview && { linkPreview: message.linkPreview }) };
      await Promise.all(targets.map((t) => submit(t.type, t.targetId, message.type, message.content, opts)));
    },
    retry,
    recall,
    deleteMessage,
    reset: () => {
      uploads.clear();
      outbox.reset();
    },
    flushQueue: outbox.flush,
  };
}
