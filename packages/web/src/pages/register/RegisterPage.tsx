/**
 * /pages/register/register: user name, optional nickname, password twice, agreement box.
 * Registering signs in and opens the Messages tab (issue 22 point 9); the agreement
 * ticked here is remembered on the device, so login does not ask again.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { registerRequest, type ServerErrorKey } from '@parley/protocol';
import { ApiError } from '../../api/ApiError';
import { register } from '../../app/session';
import { Paths } from '../../routes/paths';
import { FormField } from '../../ui/FormField';
import { PasswordField } from '../../ui/PasswordField';
import { showToast } from '../../ui/toast';
import { validate, type FieldErrors } from '../../ui/validate';
import { toastAuthError } from '../login/authError';
import { AgreementConsent } from '../login/AgreementConsent';
import { hasConsented, rememberConsent } from '../login/consent';
import { AuthBrand, AuthLangButton } from '../login/AuthHeader';
import '../login/auth.css';

/** Server refusals that are about the user name field. */
const USER_NAME_REFUSALS = new Set<string>([
  'userNameTaken',
  'userNameConfusable',
  'userNameMixedScripts',
] satisfies ServerErrorKey[]);

export default function RegisterPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ userName: '', nickName: '', password: '', confirm: '' });
  const [agreed, setAgreed] = useState(hasConsented);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const nickName = form.nickName.trim() === '' ? undefined : form.nickName;
    const v = validate(registerRequest, { userName: form.userName, password: form.password, nickName });
    const next: FieldErrors = { ...v.errors };
    if (!next.password && form.confirm !== form.password) next.confirm = 'register.passwordMismatch';
    setErrors(next);
    if (!v.ok || next.confirm) return;
    if (!agreed) return showToast(t('consent.required'));
    setBusy(true);
    try {
      rememberConsent();
      await register(v.data);
      showToast(t('register.success'));
    } catch (err) {
      // A refusal of the name (taken, or like a registered one) shows under the name field.
      if (err instanceof ApiError && USER_NAME_REFUSALS.has(err.key ?? ''))
        setErrors({ userName: `errors.${err.key}` });
      else toastAuthError(err, t);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth">
      <AuthLangButton />
      <div className="auth__panel">
        <AuthBrand subtitle={t('register.subtitle')} />
        <form className="auth__card form" onSubmit={(e) => void submit(e)} noValidate>
          <FormField
            label={t('fields.userName')}
            type="email"
            autoComplete="username"
            placeholder={t('fields.userNamePlaceholder')}
            value={form.userName}
            onValue={set('userName')}
            error={errors.userName}
            testId="register-username"
          />
          <FormField
            label={t('fields.nickNameOptional')}
            autoComplete="nickname"
            placeholder={t('fields.nickNamePlaceholder')}
            value={form.nickName}
            onValue={set('nickName')}
            error={errors.nickName}
            testId="register-nickname"
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="new-password"
            placeholder={t('fields.passwordPlaceholder')}
            value={form.password}
            onValue={set('password')}
            error={errors.password}
            testId="register-password"
          />
          <PasswordField
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            placeholder={t('fields.confirmPasswordPlaceholder')}
            value={form.confirm}
            onValue={set('confirm')}
            error={errors.confirm}
            testId="register-confirm"
          />
          <AgreementConsent checked={agreed} onChange={setAgreed} />
          <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="register-submit">
            {t('register.submit')}
          </button>
          <div className="auth__footer">
            <span>{t('register.haveAccount')}</span>
            <Link to={Paths.login} replace data-testid="goto-login">
              {t('register.toLogin')}
            </Link>
          </div>
        </form>
      </div>
    </div>
  );
}
