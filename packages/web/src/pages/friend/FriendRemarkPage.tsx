/** /pages/friend/friend-remark?friendId=: set or clear the remark shown instead of the friend's nickname. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Limits, friendRemarkRequest, type Friend } from '@parley/protocol';
import { setRemark } from '../../contacts/actions';
import { useFriend, useFriends } from '../../contacts/friendsStore';
import { Links, Paths } from '../../routes/paths';
import { useIdParam } from '../../routes/useIdParam';
import { EmptyState } from '../../ui/EmptyState';
import { FormField } from '../../ui/FormField';
import { NavBar } from '../../ui/NavBar';
import { Spinner } from '../../ui/Spinner';
import { showToast } from '../../ui/toast';
import { validate, type FieldErrors } from '../../ui/validate';
import { Isolated, NAME_SLOT } from '../../ui/Isolated';

export default function FriendRemarkPage() {
  const { t } = useTranslation();
  const friendId = useIdParam('friendId');
  const friend = useFriend(friendId);
  const { status } = useFriends();
  const backTo = friendId ? Links.userInfo(friendId) : Paths.friend;

  let body;
  if (friend) body = <RemarkForm key={friend.id} friend={friend} backTo={backTo} />;
  else if (friendId && status !== 'ready' && status !== 'error') {
    body = (
      <div className="page-state">
        <Spinner />
      </div>
    );
  } else body = <EmptyState testId="friend-remark-not-friend" title={t('errors.notFriend')} />;

  return (
    <div className="page page--narrow">
      <NavBar title={t('friendRemark.title')} backTo={backTo} />
      {body}
    </div>
  );
}

function RemarkForm({ friend, backTo }: { friend: Friend; backTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [remark, setValue] = useState(friend.remark);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const goBack = () => {
    const idx = (history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(backTo, { replace: true });
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const v = validate(friendRemarkRequest, { friendId: friend.id, remark });
    setErrors(v.errors);
    if (!v.ok) return;
    setSaving(true);
    try {
      await setRemark(friend, v.data.remark);
      showToast(t('common.saved'));
      goBack();
    } catch {
      setSaving(false); // the wrapper showed why
    }
  };

  return (
    <form className="sheet form" onSubmit={(e) => void save(e)} noValidate>
      <FormField
        label={t('friendRemark.label')}
        value={remark}
        onValue={setValue}
        placeholder={friend.nickName}
        error={errors.remark}
        maxLength={Limits.FRIEND_REMARK_MAX}
        testId="friend-remark-input"
        autoFocus
        hint={`${remark.length}/${Limits.FRIEND_REMARK_MAX}`}
      />
      <p className="form-note">
        <Isolated text={t('friendRemark.hint', { nickName: NAME_SLOT })} values={[friend.nickName]} />
      </p>
      <button type="submit" className="btn btn--primary btn--block" disabled={saving} data-testid="friend-remark-save">
        {t('common.save')}
      </button>
    </form>
  );
}
