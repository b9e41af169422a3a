/** Thin handlers for password recovery (docs/PROTOCOL.md "Password recovery"); the work is in PasswordResetService. */
import type { Handler } from '../http/handlers.js';
import { ConsoleService } from '../services/console/console-service.js';
import type { Services } from '../services/index.js';

export const passwordRoutes = ({ passwordReset, console: admin, facts }: Services) => {
  const passwordRecovery: Handler<'passwordRecovery'> = () => Promise.resolve({ mail: passwordReset.mailEnabled });
  const passwordForgot: Handler<'passwordForgot'> = async ({ body }) => {
    await passwordReset.forgot(body);
    return null;
  };
  const reset: Handler<'passwordReset'> = ({ body }) => passwordReset.reset(body);
  /** Operators only, the role read fresh as every console call does (routes/console.ts). */
  const consoleUserResetPassword: Handler<'consoleUserResetPassword'> = async ({ auth, body }) => {
    ConsoleService.assertOperator((await facts.freshUser(auth.userId)) ?? { is_operator: 0 });
    return admin.resetPassword(auth.userId, body.id, body.password);
  };
  return { passwordRecovery, passwordForgot, passwordReset: reset, consoleUserResetPassword };
};
