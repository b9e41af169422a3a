/** Thin handlers for wire-contract §2; the work is in AccountService. */
import { REFRESH_TOKEN_HEADER } from '@parley/protocol';
import { header } from '../http/register-routes.js';
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

export const accountRoutes = ({ accounts }: Services) => {
  const login: Handler<'login'> = ({ body }) => accounts.login(body);
  const refreshToken: Handler<'refreshToken'> = ({ request }) =>
    accounts.refresh(header(request, REFRESH_TOKEN_HEADER));
  const register: Handler<'register'> = async ({ body }) => {
    await accounts.register(body);
    return null;
  };
  const logout: Handler<'logout'> = async ({ auth }) => {
    await accounts.logout(auth);
    return null;
  };
  const modifyPassword: Handler<'modifyPassword'> = async ({ auth, body }) => {
    await accounts.modifyPassword(auth, body);
    return null;
  };
  return { login, refreshToken, register, logout, modifyPassword };
};
