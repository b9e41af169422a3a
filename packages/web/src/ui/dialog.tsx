/**
 * Modal dialog: alert (one button) and confirm (two). Promise-based and callable
 * outside React, because the api wrapper and socket raise dialogs (403, cmd 2).
 */
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore, useStore } from '../app/createStore';
import { useFocusTrap } from './focusTrap';
import './dialog.css';

export interface DialogOptions {
  title?: string;
  /** Text, or text with user names in `<bdi>` (see ui/Isolated.tsx). */
  content: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** false for an alert with only the confirm button. */
  showCancel?: boolean;
  testId?: string;
}

interface DialogEntry extends DialogOptions {
  id: number;
  resolve: (ok: boolean) => void;
}

const queue = createStore<DialogEntry[]>([]);
let seq = 0;

export function openDialog(options: DialogOptions): Promise<boolean> {
  return new Promise((resolve) => {
    queue.set((q) => [...q, { ...options, id: ++seq, resolve }]);
  });
}

export const confirmDialog = (options: DialogOptions) => openDialog({ showCancel: true, ...options });
export const alertDialog = (options: DialogOptions) => openDialog({ showCancel: false, ...options });

function close(entry: DialogEntry, ok: boolean) {
  queue.set((q) => q.filter((d) => d.id !== entry.id));
  entry.resolve(ok);
}

export function DialogHost() {
  const current = useStore(queue)[0];
  return current ? <DialogView key={current.id} entry={current} /> : null;
}

function DialogView({ entry }: { entry: DialogEntry }) {
  const { t } = useTranslation();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // Escape answers "cancel" (an alert has only "OK", so it acknowledges); Tab stays inside.
  useFocusTrap(boxRef, { initial: confirmRef, onEscape: () => close(entry, !entry.showCancel) });
  const testId = entry.testId ?? 'dialog';
  return (
    <div className="dialog-mask">
      <div
        ref={boxRef}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={entry.title ? `dialog-title-${entry.id}` : undefined}
        aria-describedby={`dialog-content-${entry.id}`}
        data-testid={testId}
      >
        {entry.title && (
          <h2 className="dialog__title" id={`dialog-title-${entry.id}`}>
            {entry.title}
          </h2>
        )}
        <p className="dialog__content" id={`dialog-content-${entry.id}`}>
          {entry.content}
        </p>
        <div className="dialog__actions">
          {entry.showCancel && (
            <button
              type="button"
              className="dialog__btn"
              data-testid={`${testId}-cancel`}
              onClick={() => close(entry, false)}
            >
              {entry.cancelText ?? t('common.cancel')}
            </button>
          )}
          <button
            type="button"
            ref={confirmRef}
            className="dialog__btn dialog__btn--primary"
            data-testid={`${testId}-confirm`}
            onClick={() => close(entry, true)}
          >
            {entry.confirmText ?? t('common.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
