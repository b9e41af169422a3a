/**
 * The toast of a refused call on the signed-out pages (register, reset password): the
 * catalogue's message, "server busy" for a 5xx; nothing for a call the page aborted.
 */
import type { TFunction } from 'i18next';
import { ReplyCode, RuntimeCode } from '@parley/protocol';
import { ApiError } from '../../api/ApiError';
import { showToast } from '../../ui/toast';

export function toastAuthError(err: unknown, t: TFunction): void {
  if (!(err instanceof ApiError) || err.code === RuntimeCode.REQUEST_ABORTED) return;
  showToast(err.code >= ReplyCode.SERVER_ERROR ? t('errors.serverBusy') : err.message);
}
