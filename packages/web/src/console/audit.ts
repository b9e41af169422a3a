/** Console data: the audit log, newest first. */
import type { AuditEntry } from '@parley/protocol';
import { call } from '../api/call';
import type { Page } from './usePaged';

export const listAudit = (page: number): Promise<Page<AuditEntry>> =>
  call('consoleAudit', { query: { page }, silent: true });
