/**
 * The frame of the signed-in pages (pages/shell/AppLayout) once signed in; before that
 * the route renders bare: the language page is reachable signed out, and RequireAuth
 * below shows the start splash or sends the anonymous to login.
 */
import { Outlet } from 'react-router';
import { useSession } from '../app/session';
import { AppLayout } from '../pages/shell/AppLayout';

export function SignedInFrame() {
  const { status } = useSession();
  return status === 'ready' ? <AppLayout /> : <Outlet />;
}
