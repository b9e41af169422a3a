/**
 * A list of fixed-height rows where only the rows in view (plus a margin) are in the
 * DOM, so a thousand chats or a 3,000-member group opens and scrolls at once. It
 * scrolls with its nearest scrolling ancestor (the tab pane, a page's scroller, a
 * sheet's body) and may sit below other content there: it keeps the virtualiser's
 * offset in step with whatever is above it.
 */
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import './virtual-list.css';

interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  className?: string;
  testId?: string;
  overscan?: number;
}

/** The nearest ancestor that scrolls vertically (overflow-y auto or scroll). */
export function scrollParent(el: HTMLElement | null): HTMLElement | null {
  for (let p = el?.parentElement ?? null; p; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if (overflowY === 'auto' || overflowY === 'scroll') return p;
  }
  return null;
}

export function VirtualList<T>({
  items,
  rowHeight,
  itemKey,
  renderItem,
  className,
  testId,
  overscan = 10,
}: VirtualListProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const scroller = useCallback(() => (scrollerRef.current ??= scrollParent(listRef.current)), []);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: scroller,
    estimateSize: () => rowHeight,
    getItemKey: (i) => itemKey(items[i]!),
    overscan,
    scrollMargin,
  });
  // Content above the list (navigation bar, search box, banners) moves where it starts.
  useLayoutEffect(() => {
    const el = listRef.current;
    const box = scroller();
    if (!el || !box) return;
    const measure = () =>
      setScrollMargin(el.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (el.parentElement) observer.observe(el.parentElement);
    return () => observer.disconnect();
  }, [scroller]);

  return (
    <div
      ref={listRef}
      className={className ? `virtual-list ${className}` : 'virtual-list'}
      role="list"
      data-testid={testId}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          role="listitem"
          className="virtual-list__item"
          style={{ transform: `translateY(${row.start - scrollMargin}px)`, height: rowHeight }}
        >
          {renderItem(items[row.index]!)}
        </div>
      ))}
    </div>
  );
}
