/**
 * A translated sentence kept as segments (i18n/isolate.ts): the user parts in <bdi>,
 * so a nickname such as "Bob 42" or a Hebrew/Arabic name keeps its own order inside
 * the sentence in any language. `render` draws each part (emoji images, highlights).
 */
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateSegments, type Segment } from '../i18n/isolate';

const asIs = (text: string): ReactNode => text;

export function Segments({
  segments,
  render = asIs,
}: {
  segments: readonly Segment[];
  render?: (text: string) => ReactNode;
}) {
  return (
    <>
      {segments.map((s, i) => (
        <Fragment key={i}>{typeof s === 'string' ? render(s) : <bdi>{render(s.user)}</bdi>}</Fragment>
      ))}
    </>
  );
}

/** `t(key)` with user values shown isolated: `<Sentence k="console.groups.owner" values={{ name }} />`. */
export function Sentence({
  k,
  values,
  options,
}: {
  k: string;
  values: Record<string, string | readonly string[]>;
  options?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  return <Segments segments={translateSegments(t, k, values, options)} />;
}
