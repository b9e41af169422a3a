/** Signature textarea with a live counter against the protocol limit. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Limits } from '@parley/protocol';

export function SignatureField({
  value,
  onValue,
  error,
}: {
  value: string;
  onValue: (v: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {t('fields.signature')}
      </label>
      <textarea
        dir="auto"
        id={id}
        className="field__textarea"
        value={value}
        maxLength={Limits.SIGNATURE_MAX}
        placeholder={t('fields.signaturePlaceholder')}
        onChange={(e) => onValue(e.target.value)}
        data-testid="mine-edit-signature"
      />
      <span className="field__hint" data-testid="mine-edit-signature-count">
        {value.length}/{Limits.SIGNATURE_MAX}
      </span>
      {error && (
        <span className="field__error" role="alert">
          {t(error)}
        </span>
      )}
    </div>
  );
}
