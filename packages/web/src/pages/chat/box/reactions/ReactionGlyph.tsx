/** A reaction's emoji: one of the app's 58 as its image (the same look everywhere), any other as the character. */
import { EMOJI } from '@parley/protocol';
import { Emoji } from '../../../../ui/emoji/Emoji';

const VS16 = '\uFE0F';
const NAME_BY_CHAR = new Map<string, string>(EMOJI.map(([name, char]) => [char.replaceAll(VS16, ''), name]));

export function ReactionGlyph({ emoji }: { emoji: string }) {
  const name = NAME_BY_CHAR.get(emoji.replaceAll(VS16, ''));
  return (
    <span className="reaction-glyph" aria-hidden="true">
      {name ? <Emoji name={name} /> : emoji}
    </span>
  );
}
