/**
 * /pages/login/login: user name + password, agreement consent (remembered on the device
 * once given: consent.ts), the policy dialog until then, "Forgot password?".
 */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginRequest } from '@parley/protocol';
import { login } from '../../app/session';
import { currentTerminal } from '../../api/terminal';
import { Paths } from '../../routes/paths';
import { FormField } from '../../ui/FormField';
import { PasswordField } from '../../ui/PasswordField';
import { showToast } from '../../ui/toast';
import { validate, type FieldErrors } from '../../ui/validate';
import { AgreementConsent } from './AgreementConsent';
import { AuthBrand, AuthLangButton } from './AuthHeader';
import { PolicyDialog } from './PolicyDialog';
import { hasConsented, rememberConsent } from './consent';
import './auth.css';

export default function LoginPage() {
  const { t } = useTranslation();
  // the reset page hands over the account's name
  const handed = (useLocation().state as { userName?: string } | null)?.userName ?? '';
  const [userName, setUserName] = useState(handed);
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(hasConsented);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = validate(loginRequest, { terminal: currentTerminal(), userName, password });
    setErrors(v.errors);
    if (!v.ok) return;
    if (!agreed) return showToast(t('consent.required'));
    rememberConsent();
    setBusy(true);
    try {
      await login(v.data.userName, v.data.password);
    } catch {
      // the request wrapper already showed why
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth">
      <AuthLangButton />
      <div className="auth__panel">
        <AuthBrand subtitle={t('login.subtitle')} />
        <form className="auth__card form" onSubmit={(e) => void submit(e)} noValidate>
          <FormField
            label={t('fields.userName')}
            type="email"
            autoComplete="username"
            placeholder={t('fields.userNamePlaceholder')}
            value={userName}
            onValue={setUserName}
            error={errors.userName}
            testId="login-username"
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            placeholder={t('fields.passwordPlaceholder')}
            value={password}
            onValue={setPassword}
            error={errors.password}
            testId="login-password"
          />
          <Link to={Paths.forgotPassword} className="auth__forgot" data-testid="goto-forgot">
            {t('recovery.forgotLink')}
          </Link>
          <AgreementConsent checked={agreed} onChange={setAgreed} />
          <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="login-submit">
            {busy ? t('login.submitting') : t('login.submit')}
          </button>
          <div className="auth__footer">
            <span>{t('login.noAccount')}</span>
            <Link to={Paths.register} data-testid="goto-register">
              {t('login.toRegister')}
            </Link>
          </div>
        </form>
      </div>
      <PolicyDialog onAgree={() => setAgreed(true)} />
    </div>
  );
}
