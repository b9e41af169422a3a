/**
 * The Markdown toolbar of the notification editor: wraps the selection (bold, italic,
 * link) or prefixes the selected lines (heading, list, quote). Pure: text and selection
 * in, text and selection out.
 */
export type MarkdownAction = 'bold' | 'italic' | 'heading' | 'list' | 'quote' | 'link';

export interface Edit {
  text: string;
  start: number;
  end: number;
}

const WRAP: Partial<Record<MarkdownAction, string>> = { bold: '**', italic: '*' };
const PREFIX: Partial<Record<MarkdownAction, string>> = { heading: '## ', list: '- ', quote: '> ' };
const LINK_PLACEHOLDER = 'https://';

export function applyMarkdown(action: MarkdownAction, { text, start, end }: Edit): Edit {
  const before = text.slice(0, start);
  const selected = text.slice(start, end);
  const after = text.slice(end);

  const mark = WRAP[action];
  if (mark) {
    // Already wrapped: unwrap, so a second click undoes the first.
    if (before.endsWith(mark) && after.startsWith(mark)) {
      const text2 = before.slice(0, -mark.length) + selected + after.slice(mark.length);
      return { text: text2, start: start - mark.length, end: end - mark.length };
    }
    return { text: before + mark + selected + mark + after, start: start + mark.length, end: end + mark.length };
  }

  if (action === 'link') {
    const label = selected || 'link';
    const inserted = `[${label}](${LINK_PLACEHOLDER})`;
    // Select the URL so the operator types over it.
    const urlStart = start + label.length + 3;
    return { text: before + inserted + after, start: urlStart, end: urlStart + LINK_PLACEHOLDER.length };
  }

  const prefix = PREFIX[action] ?? '';
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const block = text.slice(lineStart, end);
  const lines = block.split('\n');
  const allPrefixed = lines.every((l) => l.startsWith(prefix));
  const changed = lines.map((l) => (allPrefixed ? l.slice(prefix.length) : prefix + l)).join('\n');
  const delta = changed.length - block.length;
  const firstDelta = allPrefixed ? -prefix.length : prefix.length;
  return {
    text: text.slice(0, lineStart) + changed + text.slice(end),
    start: Math.max(lineStart, start + firstDelta),
    end: end + delta,
  };
}
