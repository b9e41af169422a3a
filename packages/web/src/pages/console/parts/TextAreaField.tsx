/** A labelled console textarea, with a "used / limit" counter where the limit is worth showing. */
import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'onChange' | 'value' | 'maxLength' | 'className'
> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  maxLength: number;
  /** Show `length/maxLength` under the field. */
  counter?: boolean;
  /** Extra class of the field (`console-sheet-body`) and of the textarea (`console-intro`). */
  fieldClass?: string;
  inputClass?: string;
  testId: string;
  /** After the field, inside it (a note). */
  children?: ReactNode;
}

export function TextAreaField({
  label,
  value,
  onValue,
  maxLength,
  counter,
  fieldClass,
  inputClass,
  testId,
  children,
  ...textarea
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={fieldClass ? `field ${fieldClass}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        dir="auto"
        {...textarea}
        id={id}
        className={inputClass ? `field__textarea ${inputClass}` : 'field__textarea'}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onValue(e.target.value)}
        data-testid={testId}
      />
      {counter && (
        <span className="field__hint">
          {value.length}/{maxLength}
        </span>
      )}
      {children}
    </div>
  );
}
