/** /pages/mine/mine-edit: account (read-only), avatar, nickname, gender, signature. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Limits, Sex, userUpdateRequest, type ImageUploadResult } from '@parley/protocol';
import { call } from '../../api/call';
import { reloadSelf, useCurrentUser } from '../../app/session';
import { Paths } from '../../routes/paths';
import { FormField } from '../../ui/FormField';
import { NavBar } from '../../ui/NavBar';
import { showToast } from '../../ui/toast';
import { validate, type FieldErrors } from '../../ui/validate';
import { AvatarPicker } from './AvatarPicker';
import { SignatureField } from './SignatureField';
import './mine.css';

export default function MineEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [nickName, setNickName] = useState(user.nickName);
  // null: not set (never chosen, or set back to "not set": saving sends null).
  const [sex, setSex] = useState<number | null>(user.sexSet ? user.sex : null);
  const [signature, setSignature] = useState(user.signature);
  const [image, setImage] = useState({ headImage: user.headImage, headImageThumb: user.headImageThumb });
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const nickLength = nickName.trim().length;
  const nickTooLong = nickLength > Limits.NICKNAME_MAX;

  const onUploaded = (r: ImageUploadResult) => setImage({ headImage: r.originUrl, headImageThumb: r.thumbUrl });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const gender = sex === null ? { sexSet: false } : { sex };
    const v = validate(userUpdateRequest, { id: user.id, nickName, ...gender, signature, ...image });
    setErrors(v.errors);
    if (!v.ok) return;
    setSaving(true);
    try {
      await call('userUpdate', { body: v.data });
      await reloadSelf();
      showToast(t('common.saved'));
      void navigate(Paths.mine, { replace: true });
    } catch {
      // the request wrapper already showed why
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page page--narrow">
      <NavBar title={t('mineEdit.title')} backTo={Paths.mine} />
      <form className="page__body" onSubmit={(e) => void save(e)} noValidate>
        <AvatarPicker
          src={image.headImageThumb || image.headImage}
          name={nickName || user.userName}
          colourId={user.id}
          onUploaded={onUploaded}
          onBusy={setUploading}
        />
        <div className="sheet form">
          <div className="field">
            <span className="field__label">{t('mine.account')}</span>
            <span className="readonly" data-testid="mine-edit-username">
              {user.userName}
            </span>
          </div>
          <FormField
            label={t('fields.nickName')}
            value={nickName}
            onValue={setNickName}
            // Not cut at the limit: the counter and the error say what is wrong (as the signature does).
            error={nickTooLong ? 'errors.nickNameLength' : errors.nickName}
            hint={
              <span
                className={nickTooLong ? 'field__count field__count--over' : 'field__count'}
                data-testid="mine-edit-nickname-count"
              >
                {nickLength}/{Limits.NICKNAME_MAX}
              </span>
            }
            testId="mine-edit-nickname"
          />
          <fieldset className="field field--set">
            <legend className="field__label field__legend" data-testid="mine-edit-sex-label">
              {t('fields.gender')}
            </legend>
            <div className="radio-row">
              {(
                [
                  ['male', Sex.MALE],
                  ['female', Sex.FEMALE],
                  ['unset', null],
                ] as const
              ).map(([name, value]) => (
                <label key={name} className="radio">
                  <input
                    type="radio"
                    name="sex"
                    checked={sex === value}
                    onChange={() => setSex(value)}
                    data-testid={`mine-edit-sex-${name}`}
                  />
                  {t(name === 'unset' ? 'fields.genderUnset' : `fields.${name}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <SignatureField value={signature} onValue={setSignature} error={errors.signature} />
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={saving || uploading}
            data-testid="mine-edit-save"
          >
            {t('common.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
