/**
 * A small menu at a point (long-press or right-click position), kept inside the
 * viewport; closes on an outside press, Escape, scroll of the page, or a choice.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { moveByArrows, useFocusTrap } from './focusTrap';
import './popover-menu.css';

export interface PopoverMenuItem {
  key: string;
  label: string;
  danger?: boolean;
  testId?: string;
  onSelect: () => void;
}

interface PopoverMenuProps {
  x: number;
  y: number;
  items: PopoverMenuItem[];
  onClose: () => void;
  label: string;
  testId?: string;
  /** A line above the items (e.g. a message's send time on a long-press). */
  header?: string;
  /** A row above everything (the message menu's quick reactions); its buttons are menu items too. */
  top?: ReactNode;
}

const MARGIN = 8;

export function PopoverMenu({ x, y, items, onClose, label, testId, header, top }: PopoverMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState({ left: x, top: y, ready: false });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const { width, height } = el.getBoundingClientRect();
    const vw = window.innerWidth;
    const vh = window.visualViewport?.height ?? window.innerHeight;
    const left = Math.min(Math.max(MARGIN, x), vw - width - MARGIN);
    // prefer below the point, flip above when it would leave the screen
    const top = y + height + MARGIN > vh ? Math.max(MARGIN, y - height) : y;
    setPos({ left, top, ready: true });
  }, [x, y]);
  // The first item takes focus (a `top` row is reached with the arrows, or takes focus
  // when there are no items), arrows move, Escape closes, focus goes back to the opener.
  const firstItem = useRef<HTMLButtonElement>(null);
  useFocusTrap(ref, { onEscape: onClose, initial: firstItem });

  useEffect(() => {
    const onDown = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onDown, true);
    window.addEventListener('resize', onClose);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('resize', onClose);
    };
  }, [onClose]);

  return createPortal(
    <div
      ref={ref}
      className="popover-menu"
      role="menu"
      aria-label={label}
      data-testid={testId}
      // opacity, not visibility: the first item must take focus before the menu is placed
      style={{ left: pos.left, top: pos.top, opacity: pos.ready ? 1 : 0 }}
      onContextMenu={(e) => e.preventDefault()}
      onKeyDown={(e) => moveByArrows(e.currentTarget, e, '[role="menuitem"]')}
    >
      {top}
      {header && (
        <div className="popover-menu__header" data-testid={testId && `${testId}-header`}>
          {header}
        </div>
      )}
      {items.map((item, i) => (
        <button
          key={item.key}
          ref={i === 0 ? firstItem : undefined}
          type="button"
          role="menuitem"
          className={`popover-menu__item${item.danger ? ' popover-menu__item--danger' : ''}`}
          data-testid={item.testId}
          onClick={() => {
            onClose();
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>,
    document.body,
  );
}
