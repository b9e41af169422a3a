/** The profile header: avatar (tap for the large image), names, account, gender, signature, online state. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sex } from '@parley/protocol';
import { ImageViewer } from '../../ui/ImageViewer';
import { OnlineAvatar, TerminalTags } from '../friend/OnlineAvatar';
import { Isolated, NAME_SLOT } from '../../ui/Isolated';
import { useLastSeen } from '../../contacts/useLastSeen';

export interface Profile {
  id: number;
  userName: string;
  nickName: string;
  showName: string;
  remark: string;
  headImage: string;
  headImageThumb: string;
  sex: number;
  /** False: never chose a gender ("not set", not "male"); undefined while unknown. */
  sexSet?: boolean;
  signature: string;
  online: boolean;
  onlineWeb: boolean;
  onlineApp: boolean;
  /** A friend's last seen when both share it (issue 22 point 11). */
  lastSeenAt?: number;
  deleted: boolean;
  isBlocked: boolean;
}

export function UserInfoCard({ profile, friend, self }: { profile: Profile; friend: boolean; self: boolean }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState(false);
  const image = profile.headImage || profile.headImageThumb;
  const online = profile.online && !profile.deleted;
  const lastSeen = useLastSeen(friend && !online && !profile.deleted ? profile.lastSeenAt : undefined);
  return (
    <section className="user-card">
      <button
        type="button"
        className="user-card__avatar"
        onClick={() => image && setViewing(true)}
        disabled={!image}
        aria-label={t('userInfo.viewAvatar')}
        data-testid="user-info-avatar"
      >
        <OnlineAvatar
          userId={profile.id}
          src={profile.headImageThumb || profile.headImage}
          name={profile.nickName}
          online={online}
          size={72}
        />
      </button>
      <div className="user-card__text">
        <h2 className="user-card__name" dir="auto" data-testid="user-info-name">
          {profile.showName}
          {profile.sexSet && (
            <span
              className="user-card__sex"
              role="img"
              aria-label={t(profile.sex === Sex.FEMALE ? 'fields.female' : 'fields.male')}
              title={t(profile.sex === Sex.FEMALE ? 'fields.female' : 'fields.male')}
              data-testid="user-info-sex"
            >
              {profile.sex === Sex.FEMALE ? '♀' : '♂'}
            </span>
          )}
        </h2>
        {profile.sexSet === false && (
          <p className="user-card__line" data-testid="user-info-gender-unset">
            {t('bugs.genderNotSet')}
          </p>
        )}
        {profile.remark && (
          <p className="user-card__line" dir="auto" data-testid="user-info-nickname">
            <Isolated text={t('userInfo.nickNameLine', { nickName: NAME_SLOT })} values={[profile.nickName]} />
          </p>
        )}
        {/* Empty for strangers: the server keeps their user name (e-mail) private. */}
        {profile.userName && (
          <p className="user-card__line" dir="auto" data-testid="user-info-username">
            <Isolated text={t('mine.accountLine', { account: NAME_SLOT })} values={[profile.userName]} />
          </p>
        )}
        <p className="user-card__line user-card__signature" dir="auto" data-testid="user-info-signature">
          {profile.signature || t('mine.noSignature')}
        </p>
        {!self && (
          <p className="user-card__status" data-testid="user-info-online" data-online={online ? 'true' : 'false'}>
            {profile.deleted ? (
              <span className="user-card__badge user-card__badge--muted">{t('friend.accountDeleted')}</span>
            ) : (
              <span
                className={online ? 'user-card__presence user-card__presence--on' : 'user-card__presence'}
                data-testid="user-info-presence"
              >
                {online ? t('userInfo.online') : (lastSeen ?? t('userInfo.offline'))}
              </span>
            )}
            {online && friend && <TerminalTags userId={profile.id} web={profile.onlineWeb} app={profile.onlineApp} />}
            {profile.isBlocked && (
              <span className="user-card__badge" data-testid="user-info-blocked-badge">
                {t('friend.blocked')}
              </span>
            )}
          </p>
        )}
      </div>
      {viewing && <ImageViewer src={image} alt={profile.showName} onClose={() => setViewing(false)} />}
    </section>
  );
}
