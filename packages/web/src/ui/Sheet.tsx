/** A modal panel: a bottom sheet on phones, a centred card on desktop. Escape or the mask closes it. */
import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './sheet.css';

interface SheetProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

export function Sheet({ title, onClose, children, footer, testId }: SheetProps) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div className="sheet-mask" onPointerDown={(e) => e.target === e.currentTarget && onClose()}>
      <section className="sheet-panel" role="dialog" aria-modal="true" aria-label={title} data-testid={testId}>
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
