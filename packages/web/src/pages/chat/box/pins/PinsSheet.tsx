/** Every pin of the chat, newest first: a tap jumps to the message; who may pin can unpin here. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PinnedEntry } from '../../../../chat/pins';
import type { ChatMessage } from '../../../../chat/types';
import { translateSegments } from '../../../../i18n/isolate';
import { Sheet } from '../../../../ui/Sheet';
import { Segments } from '../../../../ui/Segments';
import { exactTime } from '../lib/grouping';
import { pinPreview } from './pinPreview';

interface PinsSheetProps {
  entries: PinnedEntry[];
  held: readonly ChatMessage[];
  peerName: string;
  nameOf: (userId: number) => string;
  /** Unpin, when I may. */
  onUnpin?: (id: number) => void;
  onJump: (id: number) => void;
  onClose: () => void;
}

export function PinsSheet({ entries, held, peerName, nameOf, onUnpin, onJump, onClose }: PinsSheetProps) {
  const { t, i18n } = useTranslation();
  const [now] = useState(() => Date.now());
  return (
    <Sheet title={t('pins.title')} onClose={onClose} testId="pins-sheet">
      {entries.length === 0 ? (
        <p className="pins-list__empty">{t('pins.empty')}</p>
      ) : (
        <ul className="pins-list">
          {entries.map((e) => {
            const id = e.message.id!;
            return (
              <li key={id} className="pins-list__row" data-testid={`pins-item-${id}`}>
                <button
                  type="button"
                  className="pins-list__main"
                  data-testid={`pins-jump-${id}`}
                  onClick={() => {
                    onJump(id);
                    onClose();
                  }}
                >
                  <span className="pins-list__preview">
                    <Segments segments={pinPreview(e.message, held, peerName, t)} />
                  </span>
                  <span className="pins-list__meta">
                    <Segments segments={translateSegments(t, 'pins.pinnedBy', { name: nameOf(e.pinnedBy) })} />
                    {' · '}
                    {exactTime(e.pinTime, now, i18n.language)}
                  </span>
                </button>
                {onUnpin && (
                  <button
                    type="button"
                    className="pins-list__unpin"
                    data-testid={`pins-unpin-${id}`}
                    onClick={() => onUnpin(id)}
                  >
                    {t('pins.unpin')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Sheet>
  );
}
