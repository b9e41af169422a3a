/** Mine tab: profile card and entries (edit, password, language, favourites, blocklist, complaints, about, agreement, privacy, log out). */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_VERSION, APP_VERSION_CODE, LOCALE_NAMES, UserType } from '@parley/protocol';
import { logout, useCurrentUser } from '../../app/session';
import { currentLocale } from '../../i18n';
import { Paths } from '../../routes/paths';
import { Avatar } from '../../ui/Avatar';
import { Cell, CellGroup } from '../../ui/Cell';
import { alertDialog, confirmDialog } from '../../ui/dialog';
import { NavBar } from '../../ui/NavBar';
import { PushCell } from '../../push/PushCell';
import './mine.css';
import { Isolated, NAME_SLOT } from '../../ui/Isolated';

export default function MinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const go = (path: string) => () => void navigate(path);

  const about = () =>
    void alertDialog({
      title: t('app.name'),
      content: t('mine.aboutText', { version: APP_VERSION, code: APP_VERSION_CODE }),
      testId: 'about-dialog',
    });

  const confirmLogout = async () => {
    const ok = await confirmDialog({
      content: t('mine.logoutConfirm'),
      confirmText: t('mine.logout'),
      testId: 'logout-dialog',
    });
    if (ok) await logout();
  };

  return (
    <div className="page">
      <NavBar title={t('tabs.mine')} noBack />
      <button type="button" className="profile-card" onClick={go(Paths.mineEdit)} data-testid="mine-profile">
        <Avatar src={user.headImageThumb || user.headImage} name={user.nickName} colourId={user.id} size={64} />
        <span className="profile-card__text">
          <span className="profile-card__name" dir="auto" data-testid="mine-nickname">
            {user.nickName}
          </span>
          <span className="profile-card__line" data-testid="mine-username">
            <Isolated text={t('mine.accountLine', { account: NAME_SLOT })} values={[user.userName]} />
          </span>
          <span className="profile-card__line profile-card__signature" dir="auto" data-testid="mine-signature">
            {user.signature || t('mine.noSignature')}
          </span>
        </span>
      </button>
      <CellGroup>
        <Cell label={t('mine.editProfile')} onClick={go(Paths.mineEdit)} testId="mine-edit-entry" />
        {/* The trial account cannot change its password (the server refuses): no form to offer. */}
        {user.type !== UserType.TRIAL && (
          <Cell label={t('mine.changePassword')} onClick={go(Paths.minePassword)} testId="mine-password-entry" />
        )}
        <Cell label={t('devices.title')} onClick={go(Paths.mineDevices)} testId="mine-devices-entry" />
        <Cell label={t('privacySettings.title')} onClick={go(Paths.minePrivacy)} testId="mine-privacy-settings-entry" />
        <PushCell />
        <Cell
          label={t('mine.language')}
          value={LOCALE_NAMES[currentLocale()]}
          onClick={go(Paths.lang)}
          testId="mine-lang-entry"
        />
      </CellGroup>
      <CellGroup>
        <Cell label={t('favourites.title')} onClick={go(Paths.mineFavourites)} testId="mine-favourites-entry" />
        <Cell label={t('mine.blacklist')} onClick={go(Paths.blacklist)} testId="mine-blacklist-entry" />
        <Cell label={t('mine.complaints')} onClick={go(Paths.complaintList)} testId="mine-complaints-entry" />
      </CellGroup>
      {user.isOperator && (
        <CellGroup>
          <Cell label={t('console.title')} onClick={go(Paths.console)} testId="mine-console-entry" />
        </CellGroup>
      )}
      <CellGroup>
        <Cell label={t('mine.agreement')} onClick={go(Paths.agreement)} testId="mine-agreement-entry" />
        <Cell label={t('mine.privacy')} onClick={go(Paths.privacy)} testId="mine-privacy-entry" />
        <Cell
          label={t('mine.about')}
          value={t('mine.version', { version: APP_VERSION })}
          onClick={about}
          testId="mine-about-entry"
        />
      </CellGroup>
      <CellGroup>
        <Cell label={t('mine.logout')} danger arrow={false} onClick={() => void confirmLogout()} testId="mine-logout" />
      </CellGroup>
    </div>
  );
}
