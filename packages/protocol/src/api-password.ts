/** Password recovery (issue 22 point 9, docs/PROTOCOL.md "Password recovery"), spread into `api`. */
import { e, type Endpoint } from './api-endpoint.js';
import { nothing } from './schemas/common.js';
import {
  consoleResetPasswordRequest,
  consoleResetPasswordResult,
  passwordForgotRequest,
  passwordRecovery,
  passwordResetRequest,
  passwordResetResult,
} from './schemas/password-reset.js';

export const passwordEndpoints = {
  /** Before login: may the app offer "Forgot password?" by e-mail, or must it say "ask your operator"? */
  passwordRecovery: e({ method: 'GET', path: '/password/recovery', auth: false, reply: passwordRecovery }),
  /** Always `null`, whether or not the name is an account (no enumeration); mails a link when it is. */
  passwordForgot: e({
    method: 'POST',
    path: '/password/forgot',
    auth: false,
    body: passwordForgotRequest,
    reply: nothing,
  }),
  /** A mailed token (single use, 30 min) and the new password; every session of the account ends. */
  passwordReset: e({
    method: 'POST',
    path: '/password/reset',
    auth: false,
    body: passwordResetRequest,
    reply: passwordResetResult,
  }),
  /** Operators only: a new password for a user (typed, or a random one shown once); every session ends. */
  consoleUserResetPassword: e({
    method: 'POST',
    path: '/console/user/resetPassword',
    auth: true,
    body: consoleResetPasswordRequest,
    reply: consoleResetPasswordResult,
  }),
} as const satisfies Record<string, Endpoint>;
