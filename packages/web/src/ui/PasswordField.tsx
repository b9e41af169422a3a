/**
 * A password input with a show/hide eye (issue 22 point 9): login, register, change
 * password and reset. The button says what it does ("Show password"/"Hide password")
 * and whether it is on (aria-pressed); the typed text stays where it was.
 */
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';

type PasswordFieldProps = Omit<ComponentProps<typeof FormField>, 'type' | 'trailing'>;

export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const eye = (
    <button
      type="button"
      className="field__reveal"
      aria-label={t(shown ? 'fields.hidePassword' : 'fields.showPassword')}
      aria-pressed={shown}
      onClick={() => setShown((s) => !s)}
      data-testid={`${props.testId}-reveal`}
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
        <circle cx="12" cy="12" r="3" />
        {shown && <path d="M3 3l18 18" />}
      </svg>
    </button>
  );
  return <FormField {...props} type={shown ? 'text' : 'password'} spellCheck={false} trailing={eye} />;
}
