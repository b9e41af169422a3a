/**
 * The mailed link's page (issue 22 point 9): `?token=` and a new password, twice. On
 * success every session of the account has ended; the login page opens with the
 * account's name filled in. A used, expired or wrong link says so and offers a new one.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RESET_TOKEN_RE, passwordResetRequest } from '@parley/protocol';
import { ApiError } from '../../api/ApiError';
import { call } from '../../api/call';
import { Paths } from '../../routes/paths';
import { PasswordField } from '../../ui/PasswordField';
import { showToast } from '../../ui/toast';
import { validate, type FieldErrors } from '../../ui/validate';
import { toastAuthError } from './authError';
import { AuthBrand, AuthLangButton } from './AuthHeader';
import './auth.css';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [form, setForm] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [invalid, setInvalid] = useState(() => !RESET_TOKEN_RE.test(token));
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = validate(passwordResetRequest, { token, password: form.password });
    const next: FieldErrors = { ...v.errors };
    if (!next.password && form.confirm !== form.password) next.confirm = 'register.passwordMismatch';
    setErrors(next);
    if (!v.ok || next.confirm) return;
    setBusy(true);
    try {
      const { userName } = await call('passwordReset', { body: v.data, silent: true });
      showToast(t('recovery.done'));
      void navigate(Paths.login, { replace: true, state: { userName } });
    } catch (err) {
      if (err instanceof ApiError && err.key === 'resetTokenInvalid') setInvalid(true);
      else toastAuthError(err, t);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth">
      <AuthLangButton />
      <div className="auth__panel">
        <AuthBrand subtitle={t('recovery.resetTitle')} />
        <div className="auth__card form">
          {invalid ? (
            <>
              <p className="auth__note" role="alert" data-testid="reset-invalid">
                {t('errors.resetTokenInvalid')}
              </p>
              <Link to={Paths.forgotPassword} replace className="btn btn--primary btn--block" data-testid="goto-forgot">
                {t('recovery.askAgain')}
              </Link>
            </>
          ) : (
            <form className="form" onSubmit={(e) => void submit(e)} noValidate>
              <PasswordField
                label={t('minePassword.new')}
                autoComplete="new-password"
                placeholder={t('fields.passwordPlaceholder')}
                value={form.password}
                onValue={set('password')}
                error={errors.password}
                testId="reset-password"
              />
              <PasswordField
                label={t('minePassword.confirm')}
                autoComplete="new-password"
                value={form.confirm}
                onValue={set('confirm')}
                error={errors.confirm}
                testId="reset-confirm"
              />
              <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="reset-submit">
                {t('recovery.setPassword')}
              </button>
            </form>
          )}
          <div className="auth__footer">
            <Link to={Paths.login} replace data-testid="goto-login">
              {t('recovery.backToLogin')}
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
