import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setActiveCall } from '../../../calls/signals';
import { Paths } from '../../../routes/paths';
import { goBack } from '../../group/goBack';

/** What every call page hands its call: where to resume, how to keep the callId, how to close. */
export interface CallPageHooks {
  /** A callId from history state (reload, Back): resume, never place a second call. */
  resumeCallId: string | null;
  /** The call has an id: keep it in history state. */
  onCallId(callId: string): void;
  /** The call is over: leave the page. */
  onClose(): void;
}

interface PageCall {
  mount(): void;
  unmount(): void;
  unload(): void;
  refresh(): void;
}

/**
 * The call of a call page (docs/CALLS.md §8.3, §8.5): made once, started when the page
 * mounts, told to re-read after a socket login, ended when the page goes away (Back,
 * route change) or the tab closes.
 */
export function useCallPage<C extends PageCall>(create: (hooks: CallPageHooks) => C): C {
  const navigate = useNavigate();
  const location = useLocation();
  const [call] = useState(() => {
    const state = location.state as { callId?: unknown } | null;
    return create({
      resumeCallId: typeof state?.callId === 'string' ? state.callId : null,
      onCallId: (callId) => {
        const here = globalThis.location.hash.replace(/^#/, '');
        void navigate(here, { replace: true, state: { callId } });
      },
      onClose: () => goBack(navigate, Paths.chat),
    });
  });
  useEffect(() => {
    call.mount();
    setActiveCall(call);
    const onPageHide = (e: PageTransitionEvent) => {
      if (!e.persisted) call.unload();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      setActiveCall(null);
      call.unmount();
    };
  }, [call]);
  return call;
}
