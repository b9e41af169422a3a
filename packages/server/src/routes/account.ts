/** Thin handlers for wire-contract §2; the work is in AccountService. */
import { REFRESH_TOKEN_HEADER } from '@parley/protocol';
import { AppError } from '../http/app-error.js';
import { header } from '../http/register-routes.js';
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

/** A wrong user name or password: counts toward the account's login backoff. */
const isFailedLogin = (err: unknown) =>
  err instanceof AppError && (err.key === 'passwordIncorrect' || err.key === 'userNotExist');

export const accountRoutes = ({ accounts, limits }: Services) => {
  const login: Handler<'login'> = async ({ body, request }) => {
    await limits.login.check(body.userName);
    try {
      const pair = await accounts.login(body, header(request, 'user-agent') ?? '');
      await limits.login.succeeded(body.userName);
      return pair;
    } catch (err) {
      if (isFailedLogin(err)) await limits.login.failed(body.userName);
      throw err;
    }
  };
  const refreshToken: Handler<'refreshToken'> = ({ request }) =>
    accounts.refresh(header(request, REFRESH_TOKEN_HEADER));
  /** Registering signs the new account in on its terminal, as a login would (issue 22 point 9). */
  const register: Handler<'register'> = ({ body, request }) =>
    accounts.registerAndSignIn(body, header(request, 'user-agent') ?? '');
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
