/**
 * The policy consent dialog shown when login first opens (spec §2). Agreeing is
 * remembered on the device (consent.ts) and ticks the page's box. "Disagree" does not
 * just close it: it says why the app cannot be used without the agreement; closing that
 * leaves the user on the page with the box unticked (asked again on the next visit).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Paths } from '../../routes/paths';
import { hasConsented, rememberConsent } from './consent';
import '../../ui/dialog.css';

export function PolicyDialog({ onAgree }: { onAgree: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'ask' | 'declined' | 'closed'>(() => (hasConsented() ? 'closed' : 'ask'));
  if (state === 'closed') return null;
  const agree = () => {
    rememberConsent();
    onAgree();
    setState('closed');
  };
  const declined = state === 'declined';
  return (
    <div className="dialog-mask">
      <div
        className="dialog"
        role={declined ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby="policy-title"
        aria-describedby="policy-text"
        data-testid="policy-dialog"
      >
        <h2 className="dialog__title" id="policy-title">
          {t(declined ? 'consent.declinedTitle' : 'consent.dialogTitle')}
        </h2>
        <p className="dialog__content" id="policy-text" style={{ textAlign: 'start' }} data-testid="policy-text">
          {declined ? (
            t('consent.declinedText')
          ) : (
            <Trans
              i18nKey="consent.dialogText"
              components={{ agreement: <Link to={Paths.agreement} />, privacy: <Link to={Paths.privacy} /> }}
            />
          )}
        </p>
        <div className="dialog__actions">
          {declined ? (
            <button type="button" className="dialog__btn" data-testid="policy-close" onClick={() => setState('closed')}>
              {t('common.close')}
            </button>
          ) : (
            <button
              type="button"
              className="dialog__btn"
              data-testid="policy-disagree"
              onClick={() => setState('declined')}
            >
              {t('consent.disagree')}
            </button>
          )}
          <button type="button" className="dialog__btn dialog__btn--primary" data-testid="policy-agree" onClick={agree}>
            {t('consent.agree')}
          </button>
        </div>
      </div>
    </div>
  );
}
