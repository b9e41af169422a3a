/**
 * The @ mention list (typing `@` in a group's composer): an inline listbox above the
 * composer, filtered by what follows the `@`, driven from the text box (a combobox with
 * aria-activedescendant): ArrowUp/ArrowDown move, Enter or Tab pick, Escape closes.
 * Members to mention, and everyone for the owner and admins.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AT_ALL, type GroupMember } from '@parley/protocol';
import { Avatar } from '../../../../ui/Avatar';
import { mentionAt, type Mention } from '../lib/mentions';
import { filterMembers } from '../../../group/memberSearch';

/** A long list is narrowed by typing; this many rows at most. */
const SHOWN_MAX = 50;

interface Entry {
  mention: Mention;
  label: string;
  member?: GroupMember;
}

interface Options {
  /** Group chats only. */
  enabled: boolean;
  text: string;
  members: readonly GroupMember[];
  canMentionAll: boolean;
  /** Replace the typed `@query` (from `at` up to `caret`) with the mention. */
  onPick: (mention: Mention, at: number, caret: number) => void;
}

export function useMentionList({ enabled, text, members, canMentionAll, onPick }: Options) {
  const { t } = useTranslation();
  const listId = `mention-list-${useId().replace(/[^\w-]/g, '')}`;
  const [caret, setCaret] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  /** The `@` whose list Escape closed: it stays closed until another `@` is typed. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const typed = enabled && focused && caret !== null ? mentionAt(text, caret) : null;
  const query = typed?.query;
  const everyone = t('group.atAll');
  const entries = useMemo((): Entry[] => {
    if (query === undefined) return [];
    const q = query.toLowerCase();
    const all: Entry[] =
      canMentionAll && (everyone.toLowerCase().includes(q) || t('chatBox.atEveryone').toLowerCase().includes(q))
        ? [{ mention: { userId: AT_ALL, name: everyone }, label: t('chatBox.atEveryone') }]
        : [];
    const shown = filterMembers(members, query).slice(0, SHOWN_MAX);
    return [
      ...all,
      ...shown.map((m) => ({ mention: { userId: m.userId, name: m.showNickName }, label: m.showNickName, member: m })),
    ];
  }, [query, members, canMentionAll, everyone, t]);
  // Adjusted while rendering: no @ being typed forgets the dismissed one, a new query starts at the top.
  if (typed === null && dismissed !== null) setDismissed(null);
  const listKey = typed ? `${typed.at}:${typed.query}` : '';
  const [shownFor, setShownFor] = useState(listKey);
  if (shownFor !== listKey) {
    setShownFor(listKey);
    setActive(0);
  }
  const open = typed !== null && typed.at !== dismissed && entries.length > 0;

  const pick = (i: number) => {
    const entry = entries[i];
    if (entry && typed && caret !== null) onPick(entry.mention, typed.at, caret);
  };

  /** The text box's keys while the list is open; true when the key was the list's. */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || e.nativeEvent.isComposing) return false;
    const n = entries.length;
    if (e.key === 'ArrowDown') setActive((i) => (i + 1) % n);
    else if (e.key === 'ArrowUp') setActive((i) => (i - 1 + n) % n);
    else if ((e.key === 'Enter' && !e.shiftKey) || (e.key === 'Tab' && !e.shiftKey)) pick(active);
    else if (e.key === 'Escape') setDismissed(typed.at);
    else return false;
    e.preventDefault();
    e.stopPropagation();
    return true;
  };

  const optionId = (i: number) => `${listId}-${i}`;
  const inputProps = {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': open,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? optionId(active) : undefined,
    onSelect: (e: { currentTarget: HTMLTextAreaElement }) => setCaret(e.currentTarget.selectionStart),
  } as const;

  return {
    open,
    onKeyDown,
    inputProps,
    setCaret,
    setFocused,
    list: open ? (
      <MentionList
        entries={entries}
        active={active}
        listId={listId}
        optionId={optionId}
        onPick={pick}
        onHover={setActive}
      />
    ) : null,
  };
}

interface ListProps {
  entries: readonly Entry[];
  active: number;
  listId: string;
  optionId: (i: number) => string;
  onPick: (i: number) => void;
  onHover: (i: number) => void;
}

function MentionList({ entries, active, listId, optionId, onPick, onHover }: ListProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, optionId]);
  return (
    <ul
      ref={list}
      id={listId}
      role="listbox"
      aria-label={t('chatBox.atTitle')}
      className="mention-list"
      data-testid="at-picker"
    >
      {entries.map((e, i) => {
        const id = e.mention.userId;
        return (
          <li
            key={id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`mention-list__item${i === active ? ' mention-list__item--active' : ''}`}
            data-testid={id === AT_ALL ? 'at-pick-all' : `at-pick-${id}`}
            // the text box keeps the focus (and a phone its keyboard)
            onPointerDown={(ev) => ev.preventDefault()}
            onPointerMove={() => i !== active && onHover(i)}
            onClick={() => onPick(i)}
          >
            <span aria-hidden="true">
              <Avatar
                src={e.member ? e.member.headImageThumb || e.member.headImage : undefined}
                name={e.label}
                colourId={e.member ? id : undefined}
                size={32}
              />
            </span>
            <span className="mention-list__name" dir="auto">
              {e.label}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
