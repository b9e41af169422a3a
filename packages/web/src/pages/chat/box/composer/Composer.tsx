/**
 * The composer: a growing text box (Enter sends on desktop, Shift+Enter breaks
 * the line), emoji panel, "+" panel (album, camera, file, card), voice recorder,
 * quote bar, edit mode (useEditMode.ts), and the draft kept per chat (useDraft.ts). The text box
 * shows emoji as characters; they become `#name;` tokens when sent. In a group, `@`
 * opens the mention list (AtPicker.tsx) and a toggle makes the next message a receipt
 * message.
 */
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { AT_ALL, ChatType, Limits, type CardContent } from '@parley/protocol';
import { startCall } from '../../../../calls/signals';
import { requestGroupCall } from '../GroupCallEntry';
import { chatActions, useChatSummary } from '../../../../chat';
import type { ChatMessage, SendOptions } from '../../../../chat/types';
import { typingSender } from '../../../../chat/typingStore';
import { roleIn } from '../../../../groups/groupsReducer';
import { canMentionAll } from '../../../../groups/permissions';
import { useChatBox } from '../ChatBoxContext';
import { displayToTokens, insertAt, isBlank, tokensToDisplay } from '../lib/emojiText';
import { atAllToWire, atUserIdsOf, insertMention, type Mention } from '../lib/mentions';
import { useMentionList } from './AtPicker';
import { attachmentsOf, filesOf } from './AttachPreview';
import { useStagedMedia } from './useStagedMedia';
import { FavouritePicker } from '../../../mine/favourites/FavouritePicker';
import { sendFavourite } from '../../../../favourites';
import { CardForm } from './CardForm';
import { ComposerButtons } from './ComposerButtons';
import { EditBar } from './EditBar';
import { useEditMode } from './useEditMode';
import { useDraft } from './useDraft';
import { EmojiPanel } from './EmojiPanel';
import { PlusPanel } from './PlusPanel';
import { QuoteBar } from './QuoteBar';
import { LinkPreviewBar } from './LinkPreviewBar';
import { useLinkPreview } from './useLinkPreview';
import { LongTextCounter, offerSplit, sendParts } from './longText';
import { useLinkPreviewsOn } from '../../../../app/serverConfig';
import { useVoiceRecorder } from './useVoiceRecorder';
import { RecordingBar, VoiceButton, useHoldState } from './VoiceControls';
import '../../../../ui/form.css';

export interface ComposerHandle {
  /** Put text in the box (re-edit of a recalled message) and focus it. */
  setText(text: string): void;
  /** Files pasted or dropped into the chat: preview, then send. */
  attach(files: File[]): void;
  /** Edit one of my messages (the menu's Edit); quoting ends an edit. */
  edit(message: ChatMessage): void;
  cancelEdit(): void;
}

interface ComposerProps {
  quote: ChatMessage | null;
  onClearQuote: () => void;
  /** After an own send: the list goes to the bottom. */
  onSent: () => void;
  handle: Ref<ComposerHandle>;
}

const MAX_HEIGHT = 132;
const desktop = () => window.matchMedia('(hover: hover) and (pointer: fine)').matches;

export function Composer({ quote, onClearQuote, onSent, handle }: ComposerProps) {
  const { t } = useTranslation();
  const { type, targetId, group, members, selfId } = useChatBox();
  const summary = useChatSummary(type, targetId);
  const [text, setText] = useState(() => tokensToDisplay(summary?.draft ?? ''));
  const [panel, setPanel] = useState<'none' | 'emoji' | 'plus'>('none');
  const [cardOpen, setCardOpen] = useState(false);
  const [favouritesOpen, setFavouritesOpen] = useState(false);
  const [hold, setHold] = useHoldState();
  const input = useRef<HTMLTextAreaElement>(null);
  const touched = useRef(text !== '');
  const caret = useRef<number | null>(null);
  const [mentions, setMentions] = useState<Mention[]>([]);
  const [receipt, setReceipt] = useState(false);
  const atCandidates = useMemo(
    () => (members ? [...members.values()].filter((m) => !m.quit && m.userId !== selfId) : []),
    [members, selfId],
  );

  /** The display text as sent: emoji as tokens, everyone's label language-neutral. */
  const wireText = (display: string) => {
    const everyone = mentions.find((m) => m.userId === AT_ALL);
    const ids = everyone ? atUserIdsOf(display, mentions) : [];
    return displayToTokens(everyone ? atAllToWire(display, ids, everyone.name) : display);
  };

  const edit = useEditMode({
    text,
    mentions,
    setBox: (value, list) => {
      setMentions(list);
      change(value);
      caret.current = value.length;
      input.current?.focus();
    },
    toWire: wireText,
  });

  useDraft({
    type,
    targetId,
    storedDraft: summary?.draft ?? '',
    draftText: edit.draft ?? text,
    touchedRef: touched,
    setText,
  });

  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT)}px`;
    if (caret.current !== null) {
      el.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  }, [text]);

  const change = (value: string) => {
    touched.current = true;
    setText(value);
  };

  // After "Quote" the text box takes focus, ready for the reply.
  const quoteKey = quote ? (quote.id ?? quote.tmpId) : undefined;
  useEffect(() => {
    if (quoteKey !== undefined) input.current?.focus();
  }, [quoteKey]);

  const opts = (sent = ''): SendOptions | undefined => {
    const o: SendOptions = quote?.id !== undefined ? { quoteMessageId: quote.id } : {};
    if (group) {
      const atUserIds = atUserIdsOf(sent, mentions);
      if (atUserIds.length) o.atUserIds = atUserIds;
      if (receipt) o.receipt = true;
    }
    return Object.keys(o).length ? o : undefined;
  };

  const afterGroupSend = () => {
    setMentions([]);
    setReceipt(false);
  };

  // The preview sheet: the caption goes inside the first item; the batch in the order shown.
  const media = useStagedMedia({
    toWire: wireText,
    onSend: (items, caption) => {
      void chatActions.sendAttachments(type, targetId, items, opts(caption));
      afterGroupSend();
      onClearQuote();
      onSent();
      input.current?.focus();
    },
  });

  useImperativeHandle(handle, () => ({
    setText(value: string) {
      change(value);
      caret.current = value.length;
      input.current?.focus();
    },
    attach(files: File[]) {
      media.stage(attachmentsOf(files));
    },
    edit: edit.start,
    cancelEdit() {
      if (edit.message) edit.cancel();
    },
  }));

  const link = useLinkPreview(
    useMemo(() => displayToTokens(text), [text]),
    useLinkPreviewsOn() && !media.open && !edit.message,
  );

  const mentionList = useMentionList({
    enabled: Boolean(group),
    text,
    members: atCandidates,
    canMentionAll: group ? canMentionAll(roleIn(group, selfId)) : false,
    onPick: (m, at, end) => {
      const next = insertMention(text, at, end, m.name);
      setMentions((list) => [...list, m]);
      caret.current = next.caret;
      mentionList.setCaret(next.caret);
      change(next.value);
      input.current?.focus();
    },
  });

  const send = () => {
    if (edit.message) return edit.save();
    if (isBlank(text)) return;
    const tokens = wireText(text.replace(/\s+$/u, ''));
    if (tokens.length > Limits.TEXT_CONTENT_MAX) return void sendInParts(tokens);
    const o = opts(text);
    // The preview shown goes only if its link is still in what is sent.
    const withPreview = link.preview && tokens.includes(link.preview.url) ? { linkPreview: link.preview } : {};
    void chatActions.sendText(type, targetId, tokens, { ...o, ...withPreview });
    link.reset();
    typingSender.stop();
    afterGroupSend();
    change('');
    onClearQuote();
    onSent();
  };

  /** Past the limit: offered as several messages, sent one after another so they arrive in order. */
  const offering = useRef(false);
  const sendInParts = async (tokens: string) => {
    // Enter again while the offer is open must not queue a second offer of the same text.
    if (offering.current) return;
    offering.current = true;
    const parts = await offerSplit(tokens, group ? mentions : [], t).finally(() => (offering.current = false));
    if (!parts) return;
    const quoteId = quote?.id;
    const withReceipt = Boolean(group && receipt);
    link.reset();
    typingSender.stop();
    afterGroupSend();
    change('');
    onClearQuote();
    onSent();
    await sendParts(type, targetId, parts, { quoteId, receipt: withReceipt, group: Boolean(group) });
  };

  const sendCard = (card: CardContent) => {
    void chatActions.sendCard(type, targetId, card, opts());
    afterGroupSend();
    setCardOpen(false);
    setPanel('none');
    onClearQuote();
    onSent();
  };

  const recorder = useVoiceRecorder(
    useCallback(
      (clip: { blob: Blob; durationSec: number }) => {
        void chatActions.sendAttachment(type, targetId, { kind: 'voice', ...clip });
        onSent();
      },
      [type, targetId, onSent],
    ),
  );

  const insertEmoji = (char: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = insertAt(text, start, end, char);
    caret.current = next.caret;
    change(next.value);
  };

  const togglePanel = (which: 'emoji' | 'plus') => {
    setPanel((p) => (p === which ? 'none' : which));
    // on a phone the panel takes the keyboard's place
    if (!desktop()) input.current?.blur();
  };

  const blank = isBlank(text);
  return (
    <div
      className="composer"
      // Escape folds the emoji or "+" panel (sheets and menus handle their own Escape)
      onKeyDown={(e) => {
        if (e.key === 'Escape' && panel !== 'none') {
          e.stopPropagation();
          setPanel('none');
          input.current?.focus();
        }
      }}
    >
      {mentionList.list}
      {edit.message ? (
        <EditBar message={edit.message} onCancel={edit.cancel} />
      ) : (
        quote && <QuoteBar message={quote} onCancel={onClearQuote} />
      )}
      {link.preview && !edit.message && <LinkPreviewBar preview={link.preview} onRemove={link.remove} />}
      <RecordingBar recorder={recorder} hold={hold} />
      {!edit.message && <LongTextCounter length={wireText(text).length} />}
      <div className="composer__row">
        <VoiceButton recorder={recorder} onHoldChange={setHold} onStart={() => setPanel('none')} />
        <textarea
          ref={input}
          className="composer__input"
          rows={1}
          value={text}
          dir="auto"
          placeholder={t('chatBox.placeholder')}
          aria-label={t('chatBox.placeholder')}
          enterKeyHint="send"
          // two panes: a chat opened from the list puts the cursor here (shell/paneFocus)
          data-pane-focus=""
          data-testid="composer-input"
          {...mentionList.inputProps}
          onChange={(e) => {
            const value = e.target.value;
            mentionList.setCaret(e.target.selectionStart);
            change(value);
            if (!edit.message) typingSender.input(type, targetId, value);
          }}
          onFocus={(e) => {
            mentionList.setFocused(true);
            mentionList.setCaret(e.currentTarget.selectionStart);
            if (!desktop()) setPanel('none');
          }}
          onBlur={() => mentionList.setFocused(false)}
          onPaste={(e) => {
            const files = filesOf(e.clipboardData);
            if (!files.length) return;
            e.preventDefault();
            media.stage(attachmentsOf(files));
          }}
          onKeyDown={(e) => {
            if (mentionList.onKeyDown(e)) return;
            if (e.key === 'Escape' && edit.message) {
              e.stopPropagation();
              edit.cancel();
              return;
            }
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && desktop()) {
              e.preventDefault();
              send();
            }
          }}
        />
        <ComposerButtons
          receipt={group && !edit.message ? receipt : null}
          onReceipt={() => setReceipt((r) => !r)}
          panel={panel}
          onPanel={togglePanel}
        />
        <button
          type="button"
          className="composer__send"
          disabled={blank || edit.busy}
          data-testid="composer-send"
          // keep the text box focused (and a phone's keyboard open) across sends
          onPointerDown={(e) => e.preventDefault()}
          onClick={send}
        >
          {t(edit.message ? 'common.save' : 'chatBox.send')}
        </button>
      </div>
      {panel === 'emoji' && <EmojiPanel onPick={insertEmoji} />}
      {panel === 'plus' && (
        <PlusPanel
          onFiles={(list) => {
            setPanel('none');
            media.stage(list);
          }}
          onCard={() => setCardOpen(true)}
          onFavourites={() => setFavouritesOpen(true)}
          onCall={(mode) => (type === ChatType.PRIVATE ? startCall(mode, targetId) : requestGroupCall(targetId))}
        />
      )}
      {media.sheet}
      {cardOpen && <CardForm onSend={sendCard} onClose={() => setCardOpen(false)} />}
      {edit.card && <CardForm edit={edit.card.content} onSend={edit.saveCard} onClose={edit.closeCard} />}
      {favouritesOpen && (
        <FavouritePicker
          onPick={(fav) => {
            // A new message of the favourite's type and content, through the send pipeline.
            void sendFavourite(fav, type, targetId);
            setFavouritesOpen(false);
            setPanel('none');
            onSent();
          }}
          onClose={() => setFavouritesOpen(false)}
        />
      )}
    </div>
  );
}
