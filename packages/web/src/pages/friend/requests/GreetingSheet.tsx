/**
 * Adding someone (issue 22 point 1): the greeting they read with my request, prefilled
 * as WeChat does ("I'm <my nickname>"). Someone who does not require approval becomes a
 * friend at once and the greeting is not kept.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Limits, friendRequestRequest } from '@parley/protocol';
import { useCurrentUser } from '../../../app/session';
import { sendFriendRequest } from '../../../contacts/requests';
import { FormField } from '../../../ui/FormField';
import { Sheet } from '../../../ui/Sheet';
import { showToast } from '../../../ui/toast';
import { validate, type FieldErrors } from '../../../ui/validate';
import './requests.css';

export function GreetingSheet({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [greeting, setGreeting] = useState(() =>
    t('friendRequest.defaultGreeting', { nickName: me.nickName }).slice(0, Limits.FRIEND_GREETING_MAX),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const v = validate(friendRequestRequest, { friendId: userId, greeting });
    setErrors(v.errors);
    if (!v.ok) return;
    setSending(true);
    try {
      const reply = await sendFriendRequest(userId, v.data.greeting ?? '');
      showToast(reply.state === 'friends' ? t('friendAdd.success') : t('friendRequest.sent'));
      onClose();
    } catch {
      // The wrapper showed why (blocked, a group forbids it…): asking again would not change it.
      onClose();
    }
  };

  return (
    <Sheet
      title={t('friendRequest.title')}
      onClose={onClose}
      testId="friend-request-sheet"
      footer={
        <div className="greeting-sheet__actions">
          <button type="button" className="btn btn--block" onClick={onClose} data-testid="friend-request-cancel">
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={() => void send()}
            disabled={sending}
            data-testid="friend-request-send"
          >
            {t('friendRequest.send')}
          </button>
        </div>
      }
    >
      <form className="form greeting-sheet__form" onSubmit={(e) => void send(e)} noValidate>
        <FormField
          label={t('friendRequest.greeting')}
          value={greeting}
          onValue={setGreeting}
          error={errors.greeting}
          maxLength={Limits.FRIEND_GREETING_MAX}
          testId="friend-request-greeting"
          autoFocus
          hint={`${greeting.length}/${Limits.FRIEND_GREETING_MAX}`}
        />
      </form>
    </Sheet>
  );
}
