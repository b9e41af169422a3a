/**
 * /pages/chat/chat-box?type=PRIVATE|GROUP&targetId=: one chat. The navigation bar, the
 * virtual message list and the composer fill the (visual) viewport; previews,
 * the video player, the message menu and the forwarding selector open above.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChatType } from '@parley/protocol';
import { useCurrentUser } from '../../../app/session';
import { chatActions, useChatSummary, useChatView } from '../../../chat';
import type { ChatMessage } from '../../../chat/types';
import { useFriend } from '../../../contacts/friendsStore';
import { Links } from '../../../routes/paths';
import { useIdParam } from '../../../routes/useIdParam';
import { EmptyState } from '../../../ui/EmptyState';
import { showToast } from '../../../ui/toast';
import { ZoomImageViewer } from '../../../ui/ZoomImageViewer';
import { ChatBoxContext, type ChatBoxApi } from './ChatBoxContext';
import { ChatBoxNav } from './ChatBoxNav';
import { useJumpToMessage } from '../../../search/useJumpToMessage';
import { Composer, type ComposerHandle } from './composer/Composer';
import { usePasteAndDrop } from './usePasteAndDrop';
import { ComposerGate } from './composer/ComposerGate';
import { ForwardSelector } from './ForwardSelector';
import { GroupCallEntry } from './GroupCallEntry';
import { stopVoice } from './lib/voicePlayer';
import { MessageList, type MessageListHandle } from './MessageList';
import { ReadersSheet } from './ReadersSheet';
import { useGroupBox } from './useGroupBox';
import { useMessageMenu } from './useMessageMenu';
import { SelectBar, SelectNav } from './selection/SelectionBars';
import { useSelection } from './selection/useSelection';
import { useChatBoxPins } from './pins/useChatBoxPins';
import { useVisualViewport } from './useVisualViewport';
import { chatDetailsLink } from '../details/links';
import { VideoPlayer } from './VideoPlayer';
import './chat-box.css';
import './bubbles.css';
import './composer/composer.css';

export default function ChatBoxPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const targetId = useIdParam('targetId');
  const raw = params.get('type');
  const type = raw === ChatType.PRIVATE || raw === ChatType.GROUP ? raw : null;
  if (!type || !targetId) {
    return (
      <div className="page page--narrow">
        <EmptyState testId="chat-box-missing" title={t('chatBox.missing')} />
      </div>
    );
  }
  const msgId = Number(params.get('msgId')) || null;
  return <ChatBox key={`${type}-${targetId}`} type={type} targetId={targetId} msgId={msgId} />;
}

function ChatBox({ type, targetId, msgId }: { type: ChatType; targetId: number; msgId: number | null }) {
  const me = useCurrentUser();
  const view = useChatView(type, targetId);
  const selection = useSelection(type, targetId, view.messages);
  const summary = useChatSummary(type, targetId);
  const isGroup = type === ChatType.GROUP;
  const friend = useFriend(isGroup ? undefined : targetId);
  const { group, members, active } = useGroupBox(isGroup ? targetId : undefined);
  const [readers, setReaders] = useState<ChatMessage | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<MessageListHandle>(null);
  const composerRef = useRef<ComposerHandle>(null);
  const [quote, setQuote] = useState<ChatMessage | null>(null);
  const [forwarding, setForwarding] = useState<ChatMessage | null>(null);
  const [image, setImage] = useState<{ src: string; placeholder: string } | null>(null);
  const [video, setVideo] = useState<string | null>(null);
  const { t } = useTranslation();
  const [dropping, setDropping] = useState(false);
  useVisualViewport(rootRef);
  usePasteAndDrop(rootRef, composerRef, setDropping);

  useEffect(() => {
    void chatActions.openChat(type, targetId);
    return () => {
      chatActions.closeChat(type, targetId);
      stopVoice();
    };
  }, [type, targetId]);

  // Entering selection moves focus to the ticked checkbox (the row it came from is inert now);
  // leaving puts a focus left on nothing back on the list, so Tab starts from the chat.
  const wasSelecting = useRef(false);
  useEffect(() => {
    const root = rootRef.current;
    if (selection.active) {
      root?.querySelector<HTMLElement>('.msg-select__check:checked')?.focus({ preventScroll: true });
    } else if (wasSelecting.current && document.activeElement === document.body) {
      root?.querySelector<HTMLElement>('.message-list')?.focus();
    }
    wasSelecting.current = selection.active;
  }, [selection.active]);

  const peerName = (isGroup ? group?.showGroupName : friend?.showNickName) || summary?.showName || '';
  const peerAvatar =
    (isGroup ? group?.headImageThumb || group?.headImage : friend?.headImageThumb) || summary?.headImage || '';
  const jumpToHeld = useCallback((id: number) => listRef.current?.jumpTo(`id:${id}`) ?? false, []);
  const pins = useChatBoxPins({
    type,
    targetId,
    friend,
    group,
    held: view.messages,
    peerName,
    nameOf: (userId) =>
      userId === me.id ? me.nickName : isGroup ? (members?.get(userId)?.showNickName ?? '') : peerName,
    jumpTo: jumpToHeld,
  });
  const menu = useMessageMenu({
    type,
    targetId,
    onQuote: (m) => {
      composerRef.current?.cancelEdit();
      setQuote(m);
    },
    onForward: setForwarding,
    pins: { pinned: pins.pinnedIds, may: pins.mayPin },
    onEdit: (m) => composerRef.current?.edit(m),
    onSelect: (m) => selection.enter(m),
    messages: view.messages,
  });
  const { open: openMenu, react, showReactors } = menu;

  const api = useMemo<ChatBoxApi>(
    () => ({
      type,
      targetId,
      selfId: me.id,
      self: { name: me.nickName, avatar: me.headImageThumb || me.headImage },
      peer: { name: peerName, avatar: peerAvatar },
      group,
      members,
      active: isGroup ? active : undefined,
      memberCount: isGroup ? active.length || group?.memberCount : undefined,
      personOf: (userId, sentName) => {
        if (userId === me.id) return { name: me.nickName, avatar: me.headImageThumb || me.headImage };
        if (!isGroup) return { name: peerName, avatar: peerAvatar };
        const m = members?.get(userId);
        return m
          ? { name: m.showNickName, avatar: m.headImageThumb || m.headImage }
          : { name: sentName || String(userId), avatar: '' };
      },
      openReaders: setReaders,
      openMenu,
      react,
      showReactors,
      jumpToId: (id) => {
        if (!listRef.current?.jumpTo(`id:${id}`)) showToast(t('errors.originalNotFound'));
      },
      openImage: (src, placeholder) => setImage({ src, placeholder }),
      openVideo: (src) => {
        stopVoice();
        setVideo(src);
      },
      reedit: (text) => composerRef.current?.setText(text),
    }),
    [type, targetId, me, peerName, peerAvatar, isGroup, group, members, active, openMenu, react, showReactors, t],
  );

  // The sheet follows the message as its read count grows (RECEIPT frames replace it in the view).
  const readersId = readers?.id;
  const liveReaders = useMemo(
    () => (readersId === undefined ? undefined : view.messages.find((m) => m.id === readersId)),
    [readersId, view.messages],
  );

  const loadOlder = useCallback(() => void chatActions.loadOlder(type, targetId), [type, targetId]);
  // A search hit's link (`msgId`): load back to the message and show it.
  const jumpToHit = useCallback((id: number) => listRef.current?.jumpTo(`id:${id}`) ?? false, []);
  const hitGone = useCallback(() => showToast(t('search.notFound')), [t]);
  useJumpToMessage(type, targetId, msgId, view, jumpToHit, hitGone);
  useJumpToMessage(type, targetId, pins.loadTo, view, jumpToHit, hitGone);
  const toBottom = useCallback(() => listRef.current?.scrollToBottom(), []);
  const closeImage = useCallback(() => setImage(null), []);
  const closeVideo = useCallback(() => setVideo(null), []);
  const closeForward = useCallback(() => setForwarding(null), []);

  return (
    <ChatBoxContext.Provider value={api}>
      <div
        ref={rootRef}
        className={`chat-box${dropping ? ' chat-box--drop' : ''}`}
        data-testid="chat-box"
        data-chat-type={type}
        data-target-id={targetId}
      >
        {selection.active ? (
          <SelectNav count={selection.chosen.length} onCancel={selection.cancel} />
        ) : (
          <ChatBoxNav
            title={peerName}
            count={isGroup && group && !group.quit && !group.dissolve ? active.length || group.memberCount : undefined}
            online={friend && !friend.deleted ? friend.online : undefined}
            lastSeenAt={friend?.lastSeenAt}
            infoLink={chatDetailsLink(type, targetId)}
            searchLink={Links.chatSearch(type, targetId)}
          />
        )}
        {pins.bar}
        {isGroup && group && !group.quit && !group.dissolve && (
          <GroupCallEntry groupId={targetId} selfId={me.id} messages={view.messages} active={active} />
        )}
        <MessageList
          view={view}
          onLoadOlder={loadOlder}
          handle={listRef}
          selection={selection.keys ? { keys: selection.keys, toggle: selection.toggle } : undefined}
        />
        {/* Hidden, not unmounted, while selecting: a half-typed message stays. */}
        <div className="chat-box__composer" hidden={selection.active}>
          <ComposerGate
            group={isGroup ? group : undefined}
            peer={isGroup ? undefined : { id: targetId, name: peerName, friend }}
          >
            <Composer quote={quote} onClearQuote={() => setQuote(null)} onSent={toBottom} handle={composerRef} />
          </ComposerGate>
        </div>
        {selection.active && (
          <SelectBar
            count={selection.chosen.length}
            busy={selection.busy}
            onForward={selection.forward}
            onFavourite={selection.favourite}
            onDelete={selection.remove}
          />
        )}
      </div>
      {menu.menu}
      {pins.sheet}
      {forwarding && <ForwardSelector messages={[forwarding]} onClose={closeForward} />}
      {selection.forwardJob && (
        <ForwardSelector
          messages={selection.forwardJob.messages}
          skipped={selection.forwardJob.skipped}
          onClose={selection.closeForward}
          onSent={selection.cancel}
        />
      )}
      {image && (
        <ZoomImageViewer
          src={image.src}
          placeholder={image.placeholder}
          alt={t('chat.preview.image')}
          onClose={closeImage}
        />
      )}
      {video && <VideoPlayer src={video} onClose={closeVideo} />}
      {readers && group && (
        <ReadersSheet
          group={group}
          message={liveReaders ?? readers}
          members={active}
          onClose={() => setReaders(null)}
        />
      )}
    </ChatBoxContext.Provider>
  );
}
