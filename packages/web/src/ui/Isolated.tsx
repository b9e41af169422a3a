/**
 * A translated sentence with user text in it, the user text in `<bdi>`: an
 * Arabic name keeps its order in an English sentence and a Latin one in an
 * Arabic sentence, without invisible characters in the page text.
 * Translate with `NAME_SLOT` as the value, then pass the real values in order.
 */
import { Fragment } from 'react';

export const NAME_SLOT = '\u0000slot\u0000';

export function Isolated({ text, values }: { text: string; values: readonly string[] }) {
  const parts = text.split(NAME_SLOT);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <bdi>{values[i] ?? ''}</bdi>}
        </Fragment>
      ))}
    </>
  );
}
