/** /pages/login/login: user name + password, agreement consent, policy dialog on first open. */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginRequest } from '@parley/protocol';
import { login } from '../../app/session';
import { currentTerminal } from '../../api/terminal';
import { Paths } from '../../routes/paths';
import { FormField } from '../../ui/FormField';
import { showToast } from '../../ui/toast';
import { validate, type FieldErrors } from '../../ui/validate';
import { AgreementConsent } from './AgreementConsent';
import { AuthBrand, AuthLangButton } from './AuthHeader';
import { PolicyDialog } from './PolicyDialog';
import './auth.css';

export default function LoginPage() {
  const { t } = useTranslation();
  // register hands over the new user name
  const handed = (useLocation().state as { userName?: string } | null)?.userName ?? '';
  const [userName, setUserName] = useState(handed);
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = validate(loginRequest, { terminal: currentTerminal(), userName, password });
    setErrors(v.errors);
    if (!v.ok) return;
    if (!agreed) return showToast(t('consent.required'));
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
          <FormField
            label={t('fields.password')}
            type="password"
            autoComplete="current-password"
            placeholder={t('fields.passwordPlaceholder')}
            value={password}
            onValue={setPassword}
            error={errors.password}
            testId="login-password"
          />
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
      <PolicyDialog />
    </div>
  );
}
