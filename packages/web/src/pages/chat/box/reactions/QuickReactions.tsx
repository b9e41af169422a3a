/**
 * The quick row of the message menu (issue 21 point 2): six emoji and "+" for the
 * emoji panel. Mine is marked pressed; tapping it takes it off.
 */
import { useTranslation } from 'react-i18next';
import { EMOJI, QUICK_REACTIONS } from '@parley/protocol';
import { useEmojiNames } from '../../../../ui/emoji/emojiNames';
import { ReactionGlyph } from './ReactionGlyph';
import './reactions.css';

const NAME_OF = new Map<string, string>(EMOJI.map(([name, char]) => [char, name]));

interface QuickReactionsProps {
  mine: string | null | undefined;
  onPick: (emoji: string) => void;
  onMore: () => void;
}

export function QuickReactions({ mine, onPick, onMore }: QuickReactionsProps) {
  const { t } = useTranslation();
  const names = useEmojiNames();
  return (
    <div
      className="quick-reactions"
      role="group"
      aria-label={t('chatBox.reactions.quick')}
      data-testid="quick-reactions"
    >
      {QUICK_REACTIONS.map((emoji) => {
        const name = names[NAME_OF.get(emoji) ?? ''] ?? emoji;
        return (
          <button
            key={emoji}
            type="button"
            role="menuitem"
            className={`quick-reactions__item${mine === emoji ? ' quick-reactions__item--mine' : ''}`}
            aria-label={name}
            aria-pressed={mine === emoji}
            title={name}
            data-testid={`quick-reaction-${emoji}`}
            onClick={() => onPick(emoji)}
          >
            <ReactionGlyph emoji={emoji} />
          </button>
        );
      })}
      <button
        type="button"
        role="menuitem"
        className="quick-reactions__item quick-reactions__more"
        aria-label={t('chatBox.reactions.more')}
        title={t('chatBox.reactions.more')}
        data-testid="quick-reaction-more"
        onClick={onMore}
      >
        +
      </button>
    </div>
  );
}
