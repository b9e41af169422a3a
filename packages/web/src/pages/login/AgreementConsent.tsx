/** "I have read and agree to the User Agreement and Privacy Policy" box, shared by login and register. */
import { Link } from 'react-router';
import { Trans } from 'react-i18next';
import { Paths } from '../../routes/paths';
import { CheckboxField } from '../../ui/FormField';

export function AgreementConsent({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <CheckboxField checked={checked} onChange={onChange} testId="agreement-checkbox">
      <Trans
        i18nKey="consent.agreeTo"
        components={{
          agreement: <Link to={Paths.agreement} data-testid="agreement-link" />,
          privacy: <Link to={Paths.privacy} data-testid="privacy-link" />,
        }}
      />
    </CheckboxField>
  );
}
