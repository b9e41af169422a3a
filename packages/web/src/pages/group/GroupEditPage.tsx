/**
 * /pages/group/group-edit: without groupId, create a group (name, avatar,
 * announcement, friends to add); with ?groupId=, edit it: the owner changes name,
 * avatar and announcement, every member their display nickname and group remark.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChatType, Limits, groupCreateRequest, groupModifyRequest, type Group } from '@parley/protocol';
import { useCurrentUser } from '../../app/session';
import { createGroup, modifyGroup } from '../../groups/actions';
import { roleIn } from '../../groups/groupsReducer';
import { useGroup, useGroups } from '../../groups/groupsStore';
import { Links, Paths, chatBoxPath } from '../../routes/paths';
import { useIdParam } from '../../routes/useIdParam';
import { EmptyState } from '../../ui/EmptyState';
import { FormField } from '../../ui/FormField';
import { NavBar } from '../../ui/NavBar';
import { Spinner } from '../../ui/Spinner';
import { showToast } from '../../ui/toast';
import { validate, type FieldErrors } from '../../ui/validate';
import { AvatarPicker } from '../mine/AvatarPicker';
import { FriendPicker } from './FriendPicker';
import { goBack } from './goBack';
import './group.css';

export default function GroupEditPage() {
  const { t } = useTranslation();
  const groupId = useIdParam('groupId');
  const group = useGroup(groupId);
  const { status } = useGroups();
  if (!groupId) return <GroupForm />;
  let body;
  if (group && !group.quit && !group.dissolve) return <GroupForm key={group.id} group={group} />;
  if (!group && status !== 'ready' && status !== 'error') {
    body = (
      <div className="page-state">
        <Spinner />
      </div>
    );
  } else body = <EmptyState testId="group-edit-unavailable" title={t('group.notMember')} />;
  return (
    <div className="page page--narrow">
      <NavBar title={t('group.edit')} backTo={Links.groupInfo(groupId)} />
      {body}
    </div>
  );
}

function GroupForm({ group }: { group?: Group }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const isOwner = !group || roleIn(group, me.id) === 'owner';
  const [name, setName] = useState(group?.name ?? '');
  const [notice, setNotice] = useState(group?.notice ?? '');
  const [image, setImage] = useState({
    headImage: group?.headImage ?? '',
    headImageThumb: group?.headImageThumb ?? '',
  });
  const [nickName, setNickName] = useState(group?.remarkNickName ?? '');
  const [remark, setRemark] = useState(group?.remarkGroupName ?? '');
  // "+" in a private chat's details starts a group with that friend picked.
  const withFriend = useIdParam('with');
  const [friendIds, setFriendIds] = useState<number[]>(() => (withFriend && !group ? [withFriend] : []));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const backTo = group ? Links.groupInfo(group.id) : Paths.group;
  const ownerFields = { name, notice, ...(image.headImage ? image : {}) };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (saving || uploading) return;
    const v = group
      ? validate(groupModifyRequest, {
          id: group.id,
          ...(isOwner ? ownerFields : {}),
          remarkNickName: nickName,
          remarkGroupName: remark,
        })
      : validate(groupCreateRequest, { ...ownerFields, friendIds });
    setErrors(v.errors);
    if (!v.ok) return;
    setSaving(true);
    try {
      if (group) {
        await modifyGroup(v.data as typeof groupModifyRequest._output);
        showToast(t('common.saved'));
        goBack(navigate, backTo);
      } else {
        const created = await createGroup(v.data as typeof groupCreateRequest._output);
        void navigate(chatBoxPath(ChatType.GROUP, created.id), { replace: true });
      }
    } catch {
      setSaving(false); // the wrapper showed why
    }
  };

  return (
    <div className="page page--narrow">
      <NavBar title={t(group ? 'group.edit' : 'group.create')} backTo={backTo} />
      <form className="page__body" onSubmit={(e) => void save(e)} noValidate>
        {isOwner && (
          <>
            <AvatarPicker
              src={image.headImageThumb || image.headImage}
              name={name || t('group.title')}
              colourId={group ? `g${group.id}` : undefined}
              onUploaded={(img) => setImage({ headImage: img.originUrl, headImageThumb: img.thumbUrl })}
              onBusy={setUploading}
            />
            <div className="sheet form">
              <FormField
                label={t('group.name')}
                value={name}
                onValue={setName}
                error={errors.name}
                maxLength={Limits.GROUP_NAME_MAX}
                hint={`${name.length}/${Limits.GROUP_NAME_MAX}`}
                testId="group-edit-name"
              />
              <div className={errors.notice ? 'field field--error' : 'field'}>
                <label className="field__label" htmlFor="group-notice">
                  {t('group.notice')}
                </label>
                <textarea
                  dir="auto"
                  id="group-notice"
                  className="field__textarea"
                  value={notice}
                  maxLength={Limits.ANNOUNCEMENT_MAX}
                  onChange={(e) => setNotice(e.target.value)}
                  data-testid="group-edit-notice"
                />
                <span className="field__hint">{`${notice.length}/${Limits.ANNOUNCEMENT_MAX}`}</span>
                {errors.notice && <span className="field__error">{t(errors.notice)}</span>}
              </div>
            </div>
          </>
        )}
        {group ? (
          <div className="sheet form">
            <FormField
              label={t('group.myNickName')}
              value={nickName}
              onValue={setNickName}
              placeholder={me.nickName}
              error={errors.remarkNickName}
              maxLength={Limits.GROUP_NICKNAME_MAX}
              testId="group-edit-nickname"
            />
            <FormField
              label={t('group.remark')}
              value={remark}
              onValue={setRemark}
              placeholder={group.name}
              error={errors.remarkGroupName}
              maxLength={Limits.GROUP_REMARK_MAX}
              testId="group-edit-remark"
            />
            <p className="form-note">{t('group.remarkHint')}</p>
          </div>
        ) : (
          <div className="sheet">
            <h2 className="group-section-title">{t('group.pickFriends', { count: friendIds.length })}</h2>
            <FriendPicker picked={friendIds} onPicked={setFriendIds} max={Limits.INVITE_REMOVE_MAX} />
          </div>
        )}
        <div className="group-footer">
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={saving || uploading}
            data-testid="group-edit-save"
          >
            {t(group ? 'common.save' : 'group.createSubmit')}
          </button>
        </div>
      </form>
    </div>
  );
}
