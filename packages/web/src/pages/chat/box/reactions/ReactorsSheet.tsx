/**
 * Who reacted to a message (GET /message/{private,group}/reactions): a tab for all and
 * one per emoji with its count; most recent first, a page at a time. Names as the chat
 * shows them (a friend's remark, a group member's name in the group). My own row takes
 * my reaction off ("Tap to remove", as WhatsApp has it).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatType, type Reactor } from '@parley/protocol';
import { call } from '../../../../api/call';
import type { ChatMessage } from '../../../../chat/types';
import { Avatar } from '../../../../ui/Avatar';
import { Sheet } from '../../../../ui/Sheet';
import { Spinner } from '../../../../ui/Spinner';
import { useChatBox } from '../ChatBoxContext';
import { ReactionGlyph } from './ReactionGlyph';
import './reactions.css';

interface ReactorsSheetProps {
  message: ChatMessage;
  /** The tab it opens on (a chip's emoji); everyone when absent. */
  initialEmoji?: string;
  onClose: () => void;
}

export function ReactorsSheet({ message, initialEmoji, onClose }: ReactorsSheetProps) {
  const { t } = useTranslation();
  const box = useChatBox();
  const [tab, setTab] = useState<string | null>(initialEmoji ?? null);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Reactor[] | null>(null);
  const [more, setMore] = useState(false);
  const id = message.id;
  const chips = message.reactions ?? [];
  // The summary may change while the sheet is open: ask again when it does.
  const version = message.reactTime ?? 0;

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    const query = { id, page, ...(tab ? { emoji: tab } : {}) };
    const request =
      box.type === ChatType.GROUP ? call('groupReactions', { query }) : call('privateReactions', { query });
    request.then(
      (r) => {
        if (!live) return;
        setRows((before) => (page === 1 ? r.reactors : [...(before ?? []), ...r.reactors]));
        setMore(r.more);
      },
      () => live && setRows((before) => before ?? []),
    );
    return () => {
      live = false;
    };
  }, [id, tab, page, box.type, version]);

  const choose = (next: string | null) => {
    setTab(next);
    setPage(1);
    setRows(null);
  };
  const total = chips.reduce((n, c) => n + c.count, 0);

  return (
    <Sheet title={t('chatBox.reactions.who')} onClose={onClose} testId="reactors-sheet">
      <div className="readers__tabs reactors__tabs" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={tab === null}
          className={`readers__tab${tab === null ? ' readers__tab--on' : ''}`}
          onClick={() => choose(null)}
          data-testid="reactors-tab-all"
        >
          {t('chatBox.reactions.all', { n: total })}
        </button>
        {chips.map((c) => (
          <button
            key={c.emoji}
            type="button"
            role="tab"
            aria-selected={tab === c.emoji}
            aria-label={t('chatBox.reactions.chip', {
              emoji: c.emoji,
              n: c.count,
              interpolation: { escapeValue: false },
            })}
            className={`readers__tab${tab === c.emoji ? ' readers__tab--on' : ''}`}
            onClick={() => choose(c.emoji)}
            data-testid={`reactors-tab-${c.emoji}`}
          >
            <ReactionGlyph emoji={c.emoji} /> {c.count}
          </button>
        ))}
      </div>
      {rows === null ? (
        <div className="page-state">
          <Spinner />
        </div>
      ) : rows.length === 0 ? (
        <p className="readers__empty" data-testid="reactors-empty">
          {t('chatBox.reactions.none')}
        </p>
      ) : (
        <ul className="forward__list reactors__list" data-testid="reactors-list">
          {rows.map((r) => {
            const person = box.personOf(r.userId, r.nickName);
            return (
              <li key={`${r.userId}`} className="forward__item reactors__item" data-testid={`reactor-${r.userId}`}>
                <Avatar
                  src={r.headImageThumb || r.headImage || person.avatar}
                  name={person.name}
                  colourId={r.userId}
                  size={36}
                />
                {r.userId === box.selfId ? (
                  <button
                    type="button"
                    className="forward__name reactors__mine"
                    data-testid="reactors-remove-mine"
                    onClick={() => {
                      box.react(message, null);
                      onClose();
                    }}
                  >
                    <span className="reactors__you">{t('chatBox.reactions.you')}</span>
                    <span className="reactors__remove">{t('chatBox.reactions.tapToRemove')}</span>
                  </button>
                ) : (
                  <span className="forward__name" dir="auto">
                    {person.name}
                  </span>
                )}
                <ReactionGlyph emoji={r.emoji} />
              </li>
            );
          })}
          {more && (
            <li className="reactors__more">
              <button type="button" className="reactors__more-button" onClick={() => setPage((p) => p + 1)}>
                {t('chatBox.reactions.showMore')}
              </button>
            </li>
          )}
        </ul>
      )}
    </Sheet>
  );
}
