/**
 * "Forgot password?" (issue 22 point 9): the account's name, and the server mails a
 * reset link in the app's language. The answer is the same whether or not the name is
 * an account. When the server has no mail (GET /password/recovery), the page says to
 * ask the operator instead of showing the form.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordForgotRequest } from '@parley/protocol';
import { call } from '../../api/call';
import { currentLocale } from '../../i18n';
import { Paths } from '../../routes/paths';
import { FormField } from '../../ui/FormField';
import { validate, type FieldErrors } from '../../ui/validate';
import { AuthBrand, AuthLangButton } from './AuthHeader';
import './auth.css';

type Stage = { kind: 'loading' } | { kind: 'operator' } | { kind: 'form' } | { kind: 'sent'; userName: string };

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [userName, setUserName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    call('passwordRecovery', { silent: true }).then(
      ({ mail }) => alive && setStage({ kind: mail ? 'form' : 'operator' }),
      // Unknown: offer the form; the server's refusal says what to do.
      () => alive && setStage({ kind: 'form' }),
    );
    return () => {
      alive = false;
    };
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = validate(passwordForgotRequest, { userName, lang: currentLocale() });
    setErrors(v.errors);
    if (!v.ok) return;
    setBusy(true);
    try {
      await call('passwordForgot', { body: v.data });
      setStage({ kind: 'sent', userName: v.data.userName });
    } catch {
      // the request wrapper showed why
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth">
      <AuthLangButton />
      <div className="auth__panel">
        <AuthBrand subtitle={t('recovery.forgotTitle')} />
        <div className="auth__card form">
          {stage.kind === 'operator' && (
            <p className="auth__note" role="status" data-testid="forgot-operator">
              {t('errors.resetByOperator')}
            </p>
          )}
          {stage.kind === 'sent' && (
            <p className="auth__note" role="status" data-testid="forgot-sent">
              {t('recovery.sent', { userName: stage.userName })}
            </p>
          )}
          {stage.kind === 'form' && (
            <form className="form" onSubmit={(e) => void submit(e)} noValidate>
              <p className="auth__note">{t('recovery.forgotIntro')}</p>
              <FormField
                label={t('fields.userName')}
                type="email"
                autoComplete="username"
                placeholder={t('fields.userNamePlaceholder')}
                value={userName}
                onValue={setUserName}
                error={errors.userName}
                testId="forgot-username"
              />
              <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="forgot-submit">
                {t('recovery.send')}
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
