/** A modal panel: a bottom sheet on phones, a centred card on desktop. Escape or the mask closes it; focus is trapped inside. */
import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './focusTrap';
import './sheet.css';

interface SheetProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

export function Sheet({ title, onClose, children, footer, testId }: SheetProps) {
  const panel = useRef<HTMLElement>(null);
  // Focus moves in, Tab stays inside, Escape closes, focus returns on close.
  useFocusTrap(panel, { onEscape: onClose });
  return createPortal(
    <div className="sheet-mask" onPointerDown={(e) => e.target === e.currentTarget && onClose()}>
      <section
        ref={panel}
        className="sheet-panel"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid={testId}
      >
        <header className="sheet-panel__head">
          <h2 className="sheet-panel__title">{title}</h2>
        </header>
        <div className="sheet-panel__body">{children}</div>
        {footer && <footer className="sheet-panel__foot">{footer}</footer>}
      </section>
    </div>,
    document.body,
  );
}
