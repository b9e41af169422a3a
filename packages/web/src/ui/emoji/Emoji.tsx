/**
 * The 58 emoji as the app's own images (Twemoji), so they look the same on
 * every system. `alt` is the emoji's name in the user's language (CLDR,
 * emojiNames.ts), the character until the names have loaded.
 */
import { Fragment, memo } from 'react';
import { EMOJI } from '@parley/protocol';
import { useEmojiNames } from './emojiNames';
import { EMOJI_URLS } from './twemojiUrls';
import './emoji.css';

const CHAR_BY_NAME = new Map<string, string>(EMOJI.map(([name, char]) => [name, char]));
const VS16 = '\uFE0F';
const strip = (c: string) => c.replaceAll(VS16, '');
const NAME_BY_CHAR = new Map<string, string>(EMOJI.map(([name, char]) => [strip(char), name]));
const CHAR_PATTERN = new RegExp(
  `(${[...NAME_BY_CHAR.keys()]
    .sort((a, b) => b.length - a.length)
    .map((c) => `${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${VS16}?`)
    .join('|')})`,
  'u',
);

export const emojiUrl = (name: string): string | undefined => EMOJI_URLS[name];

export const Emoji = memo(function Emoji({ name, className }: { name: string; className?: string }) {
  const src = EMOJI_URLS[name];
  const char = CHAR_BY_NAME.get(name) ?? '';
  const label = useEmojiNames()[name] ?? char;
  if (!src) return <>{char}</>;
  // The character stays in the text (clipped out of sight) so copying, find-in-page and
  // text matching keep the emoji; the image draws it and names it to screen readers.
  return (
    <span className={`emoji-glyph${className ? ` ${className}` : ''}`} data-emoji={name}>
      <img className="emoji-img" src={src} alt={label} draggable={false} decoding="async" />
      <span className="emoji-glyph__char" aria-hidden="true">
        {char}
      </span>
    </span>
  );
});

/** Display text (emoji as characters, e.g. a chat list preview) with the 58 emoji drawn as images. */
export const EmojiText = memo(function EmojiText({ text }: { text: string }) {
  if (!CHAR_PATTERN.test(text)) return <>{text}</>;
  // split with a capture keeps the matches at the odd indexes
  const parts = text.split(new RegExp(CHAR_PATTERN.source, 'gu'));
  return (
    <>
      {parts.map((p, i) =>
        i % 2 ? <Emoji key={i} name={NAME_BY_CHAR.get(strip(p)) ?? ''} /> : <Fragment key={i}>{p}</Fragment>,
      )}
    </>
  );
});
