/** A labelled input with its error line; the error is an i18n key, shown translated. */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './form.css';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** i18n key of the current error (`errors.<catalogue key>` for schema failures). */
  error?: string;
  testId: string;
  hint?: ReactNode;
  /** A button inside the input's end (the password field's show/hide eye). */
  trailing?: ReactNode;
}

export function FormField({ label, value, onValue, error, testId, hint, trailing, ...input }: FormFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const control = (
    <input
      {...input}
      id={id}
      dir="auto"
      className="field__input"
      value={value}
      onChange={(e) => onValue(e.target.value)}
      aria-invalid={Boolean(error)}
      aria-describedby={error ? `${id}-error` : undefined}
      data-testid={testId}
    />
  );
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {trailing ? (
        <span className="field__control">
          {control}
          {trailing}
        </span>
      ) : (
        control
      )}
      {hint && <span className="field__hint">{hint}</span>}
      {error && (
        <span className="field__error" id={`${id}-error`} role="alert" data-testid={`${testId}-error`}>
          {t(error)}
        </span>
      )}
    </div>
  );
}

export function CheckboxField({
  checked,
  onChange,
  children,
  testId,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>{children}</span>
    </label>
  );
}
