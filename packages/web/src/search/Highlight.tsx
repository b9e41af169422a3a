/** Text with the search matches marked; `ranges` from the server, or found here for local filters. */
import { Fragment } from 'react';
import { findMatches, type MatchRange } from '@parley/protocol';

interface HighlightProps {
  text: string;
  /** Where to mark; without it, every occurrence of `keyword`. */
  ranges?: readonly MatchRange[];
  keyword?: string;
  className?: string;
}

export function Highlight({ text, ranges, keyword = '', className }: HighlightProps) {
  const marks = ranges ?? findMatches(text, keyword);
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at || end > text.length) continue;
    if (start > at) parts.push(<Fragment key={`t${at}`}>{text.slice(at, start)}</Fragment>);
    parts.push(
      <mark key={`m${start}`} className="search-mark">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return (
    <span className={className} dir="auto">
      {parts}
    </span>
  );
}
