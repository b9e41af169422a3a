/**
 * The pin bar under the chat's navigation bar (as Telegram): "Pinned message", the
 * shown pin's preview and its place among several ("2/5", and a mark per pin). A tap
 * jumps to that message and moves the bar to the next older pin; the list button
 * opens every pin.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PinnedEntry } from '../../../../chat/pins';
import type { ChatMessage } from '../../../../chat/types';
import { Segments } from '../../../../ui/Segments';
import { pinPreview } from './pinPreview';
import './pins.css';

/** Marks drawn beside the text; more pins share them. */
const MARKS_MAX = 4;

interface PinBarProps {
  entries: PinnedEntry[];
  held: readonly ChatMessage[];
  peerName: string;
  onJump: (id: number) => void;
  onList: () => void;
}

export function PinBar({ entries, held, peerName, onJump, onList }: PinBarProps) {
  const { t } = useTranslation();
  // The cursor belongs to the newest pin it was set under: a new pin shows at once.
  const newest = entries[0]?.pinTime;
  const [cursor, setCursor] = useState({ newest, index: 0 });
  const count = entries.length;
  if (count === 0) return null;
  const index = cursor.newest === newest ? Math.min(cursor.index, count - 1) : 0;
  const entry = entries[index]!;
  const id = entry.message.id!;
  const marks = Math.min(count, MARKS_MAX);
  const activeMark = Math.floor((index * marks) / count);
  return (
    <div className="pin-bar" data-testid="pin-bar" data-count={count} data-index={index} data-message-id={id}>
      <button
        type="button"
        className="pin-bar__main"
        data-testid="pin-bar-jump"
        // The visible text names it; the title spells out "n of m".
        title={count > 1 ? t('pins.barOf', { index: index + 1, count }) : undefined}
        onClick={() => {
          onJump(id);
          setCursor({ newest, index: (index + 1) % count });
        }}
      >
        {count > 1 && (
          <span className="pin-bar__marks" aria-hidden="true">
            {Array.from({ length: marks }, (_, i) => (
              <span key={i} className={`pin-bar__mark${i === activeMark ? ' pin-bar__mark--on' : ''}`} />
            ))}
          </span>
        )}
        <span className="pin-bar__text">
          <span className="pin-bar__title">
            {t('pins.bar')}
            {count > 1 && (
              <span className="pin-bar__index" dir="ltr">
                {index + 1}/{count}
              </span>
            )}
          </span>
          <span className="pin-bar__preview" data-testid="pin-bar-preview">
            <Segments segments={pinPreview(entry.message, held, peerName, t)} />
          </span>
        </span>
      </button>
      <button
        type="button"
        className="pin-bar__list"
        data-testid="pin-bar-list"
        aria-label={t('pins.list')}
        title={t('pins.list')}
        onClick={onList}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </div>
  );
}
