/** Thin handlers for the signed-in devices of Mine (docs/PROTOCOL.md "Devices"). */
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

export const deviceRoutes = ({ devices }: Services) => {
  const deviceList: Handler<'deviceList'> = ({ auth }) => devices.list(auth);
  const deviceSignOut: Handler<'deviceSignOut'> = async ({ auth, body }) => {
    await devices.signOut(auth, body.id);
    return null;
  };
  return { deviceList, deviceSignOut };
};
