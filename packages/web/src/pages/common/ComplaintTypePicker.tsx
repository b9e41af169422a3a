/** The four complaint reasons as a radio group. */
import { useTranslation } from 'react-i18next';
import { COMPLAINT_TYPES, complaintTypeKey } from './complaintLabels';

export function ComplaintTypePicker({ value, onChange }: { value: number; onChange: (type: number) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="complaint-types">
      <legend className="field__label">{t('complaint.reason')}</legend>
      <div className="complaint-types__options">
        {COMPLAINT_TYPES.map((type) => (
          <label key={type} className="radio">
            <input
              type="radio"
              name="complaint-type"
              checked={value === type}
              onChange={() => onChange(type)}
              data-testid={`complaint-type-${type}`}
            />
            {t(complaintTypeKey(type))}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
