/** Asks for a ban reason (required, 1–128 characters); the account or group sees it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleLimits } from '@parley/protocol';
import { Sheet } from '../../../ui/Sheet';
import { Spinner } from '../../../ui/Spinner';
import { TextAreaField } from './TextAreaField';

interface ReasonSheetProps {
  title: string;
  note: string;
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}

export function ReasonSheet({ title, note, onSubmit, onClose }: ReasonSheetProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const blank = reason.trim() === '';
  const submit = async () => {
    if (blank || busy) return;
    setBusy(true);
    try {
      await onSubmit(reason.trim());
      onClose();
    } catch {
      setBusy(false); // the api wrapper showed why
    }
  };
  return (
    <Sheet
      title={title}
      onClose={onClose}
      testId="console-reason-sheet"
      footer={
        <>
          <button type="button" className="btn btn--block" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--block btn--warn"
            disabled={blank || busy}
            onClick={() => void submit()}
            data-testid="console-reason-submit"
          >
            {busy ? <Spinner size={18} /> : t('console.actions.ban')}
          </button>
        </>
      }
    >
      <TextAreaField
        label={t('console.reason.label')}
        value={reason}
        onValue={setReason}
        maxLength={ConsoleLimits.REASON_MAX}
        counter
        placeholder={t('console.reason.placeholder')}
        autoFocus
        fieldClass="console-sheet-body"
        testId="console-reason-input"
      >
        <p className="form-note">{note}</p>
      </TextAreaField>
    </Sheet>
  );
}
