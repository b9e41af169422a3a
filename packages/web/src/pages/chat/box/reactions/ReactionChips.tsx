/**
 * Under a bubble: one chip per emoji with its count, mine highlighted. Tapping a chip
 * lists who reacted with it (where my own row takes mine off, as WhatsApp does); a long
 * press or right-click on the chips lists everyone.
 */
import { useTranslation } from 'react-i18next';
import type { ReactionChip } from '@parley/protocol';
import type { ChatMessage } from '../../../../chat/types';
import { useLongPress } from '../useLongPress';
import { ReactionGlyph } from './ReactionGlyph';
import './reactions.css';

interface ReactionChipsProps {
  message: ChatMessage;
  testKey: string;
  /** Who reacted: with `emoji`, or everyone. */
  onShowReactors: (emoji?: string) => void;
}

export function ReactionChips({ message, testKey, onShowReactors }: ReactionChipsProps) {
  const chips = message.reactions ?? [];
  const press = useLongPress(() => onShowReactors());
  if (chips.length === 0) return null;
  return (
    <div className="reaction-chips" data-testid={`reactions-${testKey}`} {...press}>
      {chips.map((chip) => (
        <Chip
          key={chip.emoji}
          chip={chip}
          mine={message.myReaction === chip.emoji}
          onTap={() => onShowReactors(chip.emoji)}
        />
      ))}
    </div>
  );
}

function Chip({ chip, mine, onTap }: { chip: ReactionChip; mine: boolean; onTap: () => void }) {
  const { t } = useTranslation();
  const label = t(mine ? 'chatBox.reactions.chipMine' : 'chatBox.reactions.chip', {
    emoji: chip.emoji,
    n: chip.count,
    interpolation: { escapeValue: false },
  });
  return (
    <button
      type="button"
      className={`reaction-chip${mine ? ' reaction-chip--mine' : ''}`}
      data-mine={mine}
      aria-label={label}
      title={label}
      data-testid={`reaction-chip-${chip.emoji}`}
      data-count={chip.count}
      onClick={onTap}
    >
      <ReactionGlyph emoji={chip.emoji} />
      <span className="reaction-chip__count" aria-hidden="true">
        {chip.count}
      </span>
    </button>
  );
}
