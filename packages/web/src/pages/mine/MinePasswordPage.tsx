/**
 * /pages/mine/mine-password: old, new, confirm. A refusal shows once, under the old
 * password when it names it, else under the form (no toast). The trial account cannot change its password: it sees why, not the form.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserType, modifyPasswordRequest } from '@parley/protocol';
import { ApiError } from '../../api/ApiError';
import { call } from '../../api/call';
import { useCurrentUser } from '../../app/session';
import { Paths } from '../../routes/paths';
import { PasswordField } from '../../ui/PasswordField';
import { NavBar } from '../../ui/NavBar';
import { showToast } from '../../ui/toast';
import { validate, type FieldErrors } from '../../ui/validate';
import './mine.css';

export default function MinePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const trial = useCurrentUser().type === UserType.TRIAL;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal('');
    const v = validate(modifyPasswordRequest, { oldPassword: form.oldPassword, newPassword: form.newPassword });
    const next: FieldErrors = { ...v.errors };
    if (!next.newPassword && form.confirm !== form.newPassword) next.confirm = 'register.passwordMismatch';
    setErrors(next);
    if (!v.ok || next.confirm) return;
    setBusy(true);
    try {
      await call('modifyPassword', { body: v.data, silent: true });
      showToast(t('minePassword.success'));
      void navigate(Paths.mine, { replace: true });
    } catch (err) {
      // shown once (silent: no toast on top of it): a wrong old password under its own
      // field (aria-invalid, aria-describedby), any other refusal under the form
      if (err instanceof ApiError && err.key === 'oldPasswordIncorrect') {
        setErrors({ oldPassword: 'errors.oldPasswordIncorrect' });
      } else if (err instanceof ApiError) setRefusal(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page page--narrow">
      <NavBar title={t('minePassword.title')} backTo={Paths.mine} />
      {trial ? (
        <div className="page__body">
          <p className="sheet form-note" data-testid="password-trial-note">
            {t('errors.trialCannotChangePassword')}
          </p>
        </div>
      ) : (
        <form className="page__body" onSubmit={(e) => void submit(e)} noValidate>
          <div className="sheet form">
            <PasswordField
              label={t('minePassword.old')}
              autoComplete="current-password"
              value={form.oldPassword}
              onValue={set('oldPassword')}
              error={errors.oldPassword}
              testId="password-old"
            />
            <PasswordField
              label={t('minePassword.new')}
              autoComplete="new-password"
              placeholder={t('fields.passwordPlaceholder')}
              value={form.newPassword}
              onValue={set('newPassword')}
              error={errors.newPassword}
              testId="password-new"
            />
            <PasswordField
              label={t('minePassword.confirm')}
              autoComplete="new-password"
              value={form.confirm}
              onValue={set('confirm')}
              error={errors.confirm}
              testId="password-confirm"
            />
            {refusal && (
              <p className="form-error" role="alert" data-testid="password-refusal">
                {refusal}
              </p>
            )}
            <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="password-submit">
              {t('common.confirm')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
