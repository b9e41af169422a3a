/** The 58 emoji (spec §3); a tap inserts the character at the caret. Each is named in the user's language. */
import { EMOJI } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Emoji } from '../../../../ui/emoji/Emoji';
import { useEmojiNames } from '../../../../ui/emoji/emojiNames';

export function EmojiPanel({ onPick }: { onPick: (char: string) => void }) {
  const { t } = useTranslation();
  const names = useEmojiNames();
  return (
    <div className="emoji-panel" role="group" aria-label={t('chatBox.emoji')}>
      {EMOJI.map(([name, char]) => (
        <button
          key={name}
          type="button"
          className="emoji-panel__item"
          title={names[name] ?? char}
          aria-label={names[name] ?? char}
          data-testid={`emoji-${name}`}
          // keep the caret (and the phone keyboard state) in the text box
          onPointerDown={(e) => e.preventDefault()}
          onClick={() => onPick(char)}
        >
          <Emoji name={name} className="emoji-panel__img" />
        </button>
      ))}
    </div>
  );
}
