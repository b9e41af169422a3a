/**
 * /pages/mine/devices (issue 11, point 2): the account's signed-in sessions, this one
 * first; another one can be signed out (the server ends it and closes its socket, so
 * that device returns to login).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Terminal, type Device } from '@parley/protocol';
import { call } from '../../../api/call';
import { currentLocale } from '../../../i18n';
import { timeText } from '../../../i18n/timeText';
import { Paths } from '../../../routes/paths';
import { confirmDialog } from '../../../ui/dialog';
import { NavBar } from '../../../ui/NavBar';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { describeUserAgent } from './userAgent';
import './devices.css';

/** `now`: when the list arrived, the reference of its "x minutes ago" texts. */
type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; devices: Device[]; now: number };

export default function DevicesPage() {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  // Bumped to load the list again (after a sign-out, or a retry).
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let alive = true;
    call('deviceList', { silent: true }).then(
      (devices) => alive && setLoad({ status: 'ready', devices, now: Date.now() }),
      () => alive && setLoad({ status: 'error' }),
    );
    return () => {
      alive = false;
    };
  }, [version]);

  let body;
  if (load.status === 'ready') {
    body = (
      <ul className="devices" data-testid="devices-list">
        {load.devices.map((d) => (
          <DeviceRow key={d.id} device={d} now={load.now} onSignedOut={reload} />
        ))}
      </ul>
    );
  } else if (load.status === 'error') {
    body = (
      <button
        type="button"
        className="page-state page-state--error"
        onClick={() => {
          setLoad({ status: 'loading' });
          reload();
        }}
      >
        {t('devices.loadFailed')}
      </button>
    );
  } else {
    body = (
      <div className="page-state">
        <Spinner />
      </div>
    );
  }

  return (
    <div className="page page--narrow" data-testid="devices-page">
      <NavBar title={t('devices.title')} backTo={Paths.mine} />
      <p className="devices__hint">{t('devices.hint')}</p>
      {body}
    </div>
  );
}

/** "Chrome on Android", one of them, or "Unknown device". */
export function deviceName(userAgent: string, t: (key: string, o?: Record<string, unknown>) => string): string {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) return t('devices.name', { browser, os });
  return browser ?? os ?? t('devices.unknown');
}

function DeviceRow({ device, now, onSignedOut }: { device: Device; now: number; onSignedOut: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const name = deviceName(device.userAgent, t);
  const phone = device.terminal === Terminal.APP;
  const when = (ms: number) => timeText(ms, now, currentLocale(), t);

  const signOut = async () => {
    const ok = await confirmDialog({
      content: t('devices.signOutConfirm', { name }),
      confirmText: t('devices.signOut'),
      testId: 'device-sign-out-dialog',
    });
    if (!ok) return;
    setBusy(true);
    try {
      await call('deviceSignOut', { body: { id: device.id } });
      showToast(t('devices.signedOut'));
    } catch {
      // the wrapper showed why; the list shows what is true now
    }
    setBusy(false);
    onSignedOut();
  };

  return (
    <li className="device" data-testid={`device-${phone ? 'app' : 'web'}`} data-current={device.current}>
      <span className="device__icon" aria-hidden="true">
        {phone ? <PhoneIcon /> : <LaptopIcon />}
      </span>
      <span className="device__text">
        <span className="device__name">
          <bdi>{name}</bdi>
          {device.current && (
            <span className="device__this" data-testid="device-this">
              {t('devices.thisDevice')}
            </span>
          )}
        </span>
        <span className="device__line">{phone ? t('devices.terminalApp') : t('devices.terminalWeb')}</span>
        {/* Two phrases that each keep together: wrapping between them, never inside one. */}
        <span className="device__line device__times">
          <span>{t('devices.signedIn', { time: when(device.signInTime) })}</span>
          <span>
            {t('devices.lastActive', { time: device.current ? t('time.justNow') : when(device.lastActiveTime) })}
          </span>
        </span>
      </span>
      {!device.current && (
        <button
          type="button"
          className="device__sign-out"
          disabled={busy}
          onClick={() => void signOut()}
          data-testid={`device-sign-out-${phone ? 'app' : 'web'}`}
        >
          {t('devices.signOut')}
        </button>
      )}
    </li>
  );
}

const PhoneIcon = () => (
  <svg viewBox="0 0 24 24" width="24" height="24">
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path d="M10.5 18.5h3" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
);
const LaptopIcon = () => (
  <svg viewBox="0 0 24 24" width="24" height="24">
    <rect x="4" y="5" width="16" height="11" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path d="M2 19h20" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
);
