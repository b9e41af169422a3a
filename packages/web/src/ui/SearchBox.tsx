/** A search field with a magnifier and a clear button; with onSubmit it gets a search button too. */
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './search-box.css';

interface SearchBoxProps {
  value: string;
  onValue: (value: string) => void;
  placeholder: string;
  testId: string;
  onSubmit?: () => void;
  submitLabel?: string;
  submitTestId?: string;
  autoFocus?: boolean;
  maxLength?: number;
}

export function SearchBox(props: SearchBoxProps) {
  const { value, onValue, placeholder, testId, onSubmit, submitLabel, submitTestId, autoFocus, maxLength } = props;
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit?.();
  };
  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <label className="search-box__field">
        <svg className="search-box__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15zM16 16l5 5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <input
          type="search"
          dir="auto"
          className="search-box__input"
          value={value}
          placeholder={placeholder}
          aria-label={placeholder}
          onChange={(e) => onValue(e.target.value)}
          autoFocus={autoFocus}
          maxLength={maxLength}
          enterKeyHint="search"
          data-testid={testId}
        />
        {value && (
          <button
            type="button"
            className="search-box__clear"
            onClick={() => onValue('')}
            aria-label={t('common.clear')}
          >
            ×
          </button>
        )}
      </label>
      {onSubmit && (
        <button type="submit" className="search-box__submit" data-testid={submitTestId}>
          {submitLabel}
        </button>
      )}
    </form>
  );
}
