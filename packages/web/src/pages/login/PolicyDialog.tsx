/**
 * The policy consent dialog shown when login first opens (spec §2). Agreeing is
 * remembered; declining closes it for now and it asks again next time.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Paths } from '../../routes/paths';
import '../../ui/dialog.css';

const CONSENT_KEY = 'policyConsent';

function hasConsented(): boolean {
  try {
    return localStorage.getItem(CONSENT_KEY) === '1';
  } catch {
    return false;
  }
}

export function PolicyDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !hasConsented());
  if (!open) return null;
  const agree = () => {
    try {
      localStorage.setItem(CONSENT_KEY, '1');
    } catch {
      // not remembered: it asks again next time
    }
    setOpen(false);
  };
  return (
    <div className="dialog-mask">
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="policy-title"
        data-testid="policy-dialog"
      >
        <h2 className="dialog__title" id="policy-title">
          {t('consent.dialogTitle')}
        </h2>
        <p className="dialog__content" style={{ textAlign: 'start' }}>
          <Trans
            i18nKey="consent.dialogText"
            components={{ agreement: <Link to={Paths.agreement} />, privacy: <Link to={Paths.privacy} /> }}
          />
        </p>
        <div className="dialog__actions">
          <button type="button" className="dialog__btn" data-testid="policy-disagree" onClick={() => setOpen(false)}>
            {t('consent.disagree')}
          </button>
          <button type="button" className="dialog__btn dialog__btn--primary" data-testid="policy-agree" onClick={agree}>
            {t('consent.agree')}
          </button>
        </div>
      </div>
    </div>
  );
}
