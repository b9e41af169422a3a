/**
 * /pages/common/complaint?targetType=&targetId=&targetName=: report a user or group —
 * reason, description (required, ≤ 512), up to 9 screenshots. The reply promises
 * verification within Timing.COMPLAINT_VERIFY_HOURS (spec §1).
 */
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComplaintType, Limits, Timing, complaintRequest } from '@parley/protocol';
import { call } from '../../api/call';
import { Paths } from '../../routes/paths';
import { useIdParam } from '../../routes/useIdParam';
import { alertDialog } from '../../ui/dialog';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { validate, type FieldErrors } from '../../ui/validate';
import { ComplaintImages, type ComplaintImage } from './ComplaintImages';
import { ComplaintTypePicker } from './ComplaintTypePicker';
import '../../ui/form.css';
import './complaint.css';
import { Isolated, NAME_SLOT } from '../../ui/Isolated';

export default function ComplaintPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const targetId = useIdParam('targetId');
  const targetType = Number(params.get('targetType') ?? NaN);
  const targetName = params.get('targetName') ?? '';
  const valid = targetId !== null && complaintRequest.shape.targetType.safeParse(targetType).success;
  return (
    <div className="page page--narrow">
      <NavBar title={t('complaint.title')} backTo={Paths.friend} />
      {valid ? (
        <ComplaintForm targetType={targetType} targetId={targetId} targetName={targetName} />
      ) : (
        <EmptyState testId="complaint-invalid" title={t('complaint.invalidTarget')} />
      )}
    </div>
  );
}

interface Target {
  targetType: number;
  targetId: number;
  targetName: string;
}

function ComplaintForm({ targetType, targetId, targetName }: Target) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<number>(ComplaintType.HARASSMENT);
  const [content, setContent] = useState('');
  const [images, setImages] = useState<ComplaintImage[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const uploading = images.some((img) => !img.result);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (uploading) return;
    const v = validate(complaintRequest, {
      targetType,
      targetId,
      targetName: targetName.slice(0, 64) || undefined,
      type,
      content,
      images: images.map((img) => img.result?.originUrl ?? ''),
    });
    setErrors(v.errors);
    if (!v.ok) return;
    setSending(true);
    try {
      await call('complaintInitiate', { body: v.data });
    } catch {
      setSending(false); // the wrapper showed why
      return;
    }
    await alertDialog({
      title: t('complaint.submittedTitle'),
      content: t('success.complaintSubmitted', { count: Timing.COMPLAINT_VERIFY_HOURS }),
      testId: 'complaint-submitted-dialog',
    });
    const idx = (history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(Paths.complaintList, { replace: true });
  };

  return (
    <form className="page__body" onSubmit={(e) => void submit(e)} noValidate>
      <p className="complaint__target" data-testid="complaint-target">
        <Isolated text={t('complaint.target', { name: NAME_SLOT })} values={[targetName || `#${targetId}`]} />
      </p>
      <div className="sheet">
        <ComplaintTypePicker value={type} onChange={setType} />
        <div className={errors.content ? 'field field--error' : 'field'}>
          <label className="field__label" htmlFor="complaint-content">
            {t('complaint.content')}
          </label>
          <textarea
            dir="auto"
            id="complaint-content"
            className="field__textarea"
            value={content}
            onChange={(e) => setContent(e.target.value)}
            placeholder={t('complaint.contentPlaceholder')}
            maxLength={Limits.COMPLAINT_CONTENT_MAX}
            rows={5}
            aria-invalid={Boolean(errors.content)}
            data-testid="complaint-content"
          />
          <span className="field__hint">{`${content.length}/${Limits.COMPLAINT_CONTENT_MAX}`}</span>
          {errors.content && (
            <span className="field__error" role="alert" data-testid="complaint-content-error">
              {t(errors.content)}
            </span>
          )}
        </div>
        <div className="field">
          <span className="field__label">
            {t('complaint.images', { n: images.length, max: Limits.COMPLAINT_IMAGES_MAX })}
          </span>
          <ComplaintImages images={images} onChange={setImages} />
          {errors.images && <span className="field__error">{t(errors.images)}</span>}
        </div>
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={sending || uploading}
          data-testid="complaint-submit"
        >
          {uploading ? t('complaint.uploading') : t('complaint.submit')}
        </button>
        <p className="form-note">{t('complaint.verifyNote', { count: Timing.COMPLAINT_VERIFY_HOURS })}</p>
      </div>
    </form>
  );
}
