/**
 * One message: avatar, bubble by type, quote above it, and for own messages the
 * state beside it (sending spinner, upload ring, failed mark with retry, read tick).
 */
import { memo } from 'react';
import { AT_ALL, ChatType, MessageStatus, MessageType } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { chatActions } from '../../../chat';
import { atAllFromWire } from '../../../chat/atAll';
import { messageKey, type ChatMessage } from '../../../chat/types';
import { receiptUnread } from '../../../groups/receipts';
import { Avatar } from '../../../ui/Avatar';
import { ProgressRing } from '../../../ui/ProgressRing';
import { CallBubble } from './bubbles/CallBubble';
import { CardBubble } from './bubbles/CardBubble';
import { LinkPreviewCard } from './bubbles/LinkPreviewCard';
import { FileBubble } from './bubbles/FileBubble';
import { ImageBubble, VideoBubble } from './bubbles/MediaBubbles';
import { QuoteBlock } from './bubbles/QuoteBlock';
import { TextBubble } from './bubbles/TextBubble';
import { VoiceBubble } from './bubbles/VoiceBubble';
import { captionOf } from './lib/content';
import { useChatBox } from './ChatBoxContext';
import { EditedMark, ForwardedLabel, MessageTime } from './MessageMeta';
import { NoticeRow, isNoticeRow } from './NoticeRow';
import { AnnouncementCard } from './AnnouncementCard';
import { ReactionChips } from './reactions/ReactionChips';
import { useLongPress } from './useLongPress';
import { canReact } from '../../../chat/reactions';

interface MessageRowProps {
  message: ChatMessage;
  /** Own private message the peer has read. */
  read: boolean;
  highlighted: boolean;
  /** Minute-resolution clock for time tips and re-edit. */
  now: number;
  /** Continues the run of the message above (same sender, within minutes): no avatar or name. */
  grouped?: boolean;
}

const MEDIA = new Set<number>([MessageType.IMAGE, MessageType.VIDEO]);
const ATTACHMENT = new Set<number>([MessageType.IMAGE, MessageType.VIDEO, MessageType.FILE, MessageType.AUDIO]);

export const MessageRow = memo(function MessageRow({ message, read, highlighted, now, grouped }: MessageRowProps) {
  if (message.type === MessageType.GROUP_ANNOUNCEMENT && message.status !== MessageStatus.RECALL) {
    return <AnnouncementCard message={message} now={now} />;
  }
  if (isNoticeRow(message)) return <NoticeRow message={message} now={now} />;
  return <Bubble message={message} read={read} highlighted={highlighted} grouped={grouped} />;
});

function Bubble({ message, read, highlighted, grouped }: Omit<MessageRowProps, 'now'>) {
  const { t } = useTranslation();
  const box = useChatBox();
  const key = messageKey(message);
  const self = message.selfSend;
  const isGroup = box.type === ChatType.GROUP;
  const person = box.personOf(message.sendId, message.sendNickName);
  const atIds = isGroup ? (message.atUserIds ?? []) : [];
  const atMe = !self && (atIds.includes(box.selfId) || atIds.includes(AT_ALL));
  const mentions = atIds.map((id) => (id === AT_ALL ? t('group.atAll') : box.personOf(id).name));
  const press = useLongPress((x, y) => box.openMenu(message, x, y));
  const isCallRecord = message.type === MessageType.ACT_RT_VOICE || message.type === MessageType.ACT_RT_VIDEO;
  const uploading = message.loadStatus === 'sending' && ATTACHMENT.has(message.type) && message.progress !== undefined;

  // A text with its link's preview: the bubble takes a card's width (the card is under the text in it).
  const withCard =
    message.type === MessageType.TEXT && message.linkPreview !== undefined && message.status !== MessageStatus.RECALL;
  // A photo's, video's or file's caption (issue 22 point 8) is shown under it, in the same bubble.
  const caption = captionOf(message.type, message.content);
  // A received voice message not played on this device yet (issue 22 point 8).
  const unplayed =
    message.type === MessageType.AUDIO && !self && !message.played && message.status !== MessageStatus.RECALL;
  const content = (() => {
    switch (message.type) {
      case MessageType.TEXT:
        return (
          <>
            <TextBubble
              content={atAllFromWire(message.content, atIds, t('group.atAll'))}
              testId={`message-text-${key}`}
              mentions={mentions}
            />
            {withCard && <LinkPreviewCard preview={message.linkPreview!} testId={`message-link-${key}`} />}
          </>
        );
      case MessageType.IMAGE:
        return <ImageBubble content={message.content} testId={`message-image-${key}`} />;
      case MessageType.VIDEO:
        return <VideoBubble content={message.content} testId={`message-video-${key}`} />;
      case MessageType.FILE:
        return <FileBubble content={message.content} testId={`message-file-${key}`} />;
      case MessageType.AUDIO:
        return (
          <VoiceBubble
            content={message.content}
            rowKey={key}
            self={self}
            testId={`message-voice-${key}`}
            onPlay={unplayed ? () => void chatActions.markPlayed(box.type, box.targetId, key) : undefined}
          />
        );
      case MessageType.ACT_RT_VOICE:
      case MessageType.ACT_RT_VIDEO:
        return (
          <CallBubble
            type={message.type}
            content={message.content}
            peerId={box.targetId}
            selfSend={self}
            testId={`message-call-${key}`}
          />
        );
      default:
        return <CardBubble content={message.content} testId={`message-card-${key}`} />;
    }
  })();

  // manual only: failed files are never resent on their own (spec §4)
  const retry = () => void chatActions.retry(box.type, box.targetId, key);

  return (
    <div
      className={`msg${self ? ' msg--self' : ''}${highlighted ? ' msg--highlight' : ''}${atMe ? ' msg--at-me' : ''}${grouped ? ' msg--grouped' : ''}${isCallRecord ? ' msg--call' : ''}`}
      data-testid={`message-${key}`}
      data-type={message.type}
      data-status={message.status}
      data-load-status={message.loadStatus}
      data-self={self}
    >
      {grouped ? (
        <span className="msg__avatar-gap" aria-hidden="true" />
      ) : (
        <Avatar src={person.avatar} name={person.name} colourId={message.sendId} size={38} />
      )}
      <div className="msg__main">
        {isGroup && !self && !grouped && (
          <span className="msg__sender" dir="auto" data-testid={`message-sender-${key}`}>
            {person.name}
          </span>
        )}
        {message.forwarded && <ForwardedLabel testId={`message-forwarded-${key}`} />}
        {message.quoteMessage && <QuoteBlock quote={message.quoteMessage} testId={`message-quote-${key}`} />}
        <div className="msg__line">
          <div
            className={`msg__bubble msg__bubble--t${message.type}${MEDIA.has(message.type) ? ' msg__bubble--media' : ''}${withCard ? ' msg__bubble--link' : ''}${caption ? ' msg__bubble--captioned' : ''}`}
            {...press}
          >
            {content}
            {caption && <TextBubble content={caption} testId={`message-caption-${key}`} mentions={mentions} />}
            {uploading && (
              <span className="msg__progress">
                <ProgressRing value={message.progress ?? 0} label={t('chatBox.uploading')} />
              </span>
            )}
          </div>
          <div className="msg__side">
            {message.loadStatus === 'sending' && !uploading && (
              <span className="msg__spinner" role="status" aria-label={t('chatBox.sending')} />
            )}
            {message.loadStatus === 'queued' && (
              // Typed offline: waits for the connection (chat/outbox.ts).
              <span
                className="msg__queued"
                role="img"
                aria-label={t('offline.queued')}
                title={t('offline.queued')}
                data-testid={`message-queued-${key}`}
              >
                <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                  <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
                  <path
                    d="M8 4.5V8l2.5 1.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.5"
                    strokeLinecap="round"
                  />
                </svg>
              </span>
            )}
            {message.loadStatus === 'fail' && (
              <button
                type="button"
                className="msg__retry"
                onClick={retry}
                aria-label={t('chatBox.retry')}
                title={t('chatBox.retry')}
                data-testid={`message-retry-${key}`}
              >
                !
              </button>
            )}
            {self &&
              message.loadStatus === 'ok' &&
              message.id !== undefined &&
              box.type === ChatType.PRIVATE &&
              !isCallRecord && <Tick read={read} testId={`message-tick-${key}`} />}
            {message.editTime !== undefined && message.status !== MessageStatus.RECALL && (
              <EditedMark editTime={message.editTime} testId={`message-edited-${key}`} />
            )}
            {unplayed && (
              <span
                className="msg__unplayed"
                role="img"
                aria-label={t('chatBox.voiceUnplayed')}
                title={t('chatBox.voiceUnplayed')}
                data-testid={`message-unplayed-${key}`}
              />
            )}
            <MessageTime sendTime={message.sendTime} testId={`message-time-${key}`} />
            {canReact(message) && (
              <button
                type="button"
                className="msg__react"
                aria-label={t('chatBox.reactions.react')}
                title={t('chatBox.reactions.react')}
                data-testid={`message-react-${key}`}
                onClick={(e) => {
                  const r = e.currentTarget.getBoundingClientRect();
                  box.openMenu(message, r.left, r.bottom, true);
                }}
              >
                <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                  <circle cx="10" cy="10" r="7.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
                  <circle cx="7.5" cy="8.5" r="1" fill="currentColor" />
                  <circle cx="12.5" cy="8.5" r="1" fill="currentColor" />
                  <path
                    d="M6.8 11.8a3.8 3.8 0 0 0 6.4 0"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.5"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            )}
            <button
              type="button"
              className="msg__more"
              aria-label={t('chatBox.menu')}
              onClick={(e) => {
                const r = e.currentTarget.getBoundingClientRect();
                box.openMenu(message, r.left, r.bottom);
              }}
            >
              ⋯
            </button>
          </div>
        </div>
        <ReactionChips message={message} testKey={key} onShowReactors={(emoji) => box.showReactors(message, emoji)} />
        {isGroup && self && message.receipt && message.id !== undefined && <ReceiptLine message={message} />}
        {/* For its receivers: the sender asked to know who read it (reading the chat tells them). */}
        {isGroup && !self && message.receipt && (
          <span className="msg__receipt msg__receipt--peer" data-testid={`message-receipt-mark-${key}`}>
            {t('chatBox.receiptRequested')}
          </span>
        )}
      </div>
    </div>
  );
}

/** Under my receipt message: "N read / M unread" (or all read), opening the read / unread list. */
function ReceiptLine({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const box = useChatBox();
  const read = message.readedCount ?? 0;
  const unread = receiptUnread(box.active, box.memberCount, message);
  const done = message.receiptOk === true || (box.memberCount !== undefined && unread === 0);
  return (
    <button
      type="button"
      className={`msg__receipt${done ? ' msg__receipt--done' : ''}`}
      onClick={() => box.openReaders(message)}
      data-testid={`message-receipt-${messageKey(message)}`}
      data-read={read}
    >
      {done ? t('chatBox.allRead') : t('chatBox.receiptCounts', { read, unread })}
    </button>
  );
}

function Tick({ read, testId }: { read: boolean; testId: string }) {
  const { t } = useTranslation();
  const label = t(read ? 'chatBox.read' : 'chatBox.sent');
  return (
    <span
      className={`msg__tick${read ? ' msg__tick--read' : ''}`}
      data-testid={testId}
      data-read={read}
      role="img"
      aria-label={label}
      title={label}
    >
      <svg viewBox="0 0 20 12" width="18" height="11" aria-hidden="true">
        <path d="M1 6.5 4.5 10 11 2" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        {read && <path d="M8 9 9 10l6.5-8" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />}
      </svg>
    </span>
  );
}
