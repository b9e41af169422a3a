/** Console data: the complaint queue, one complaint with its target, and the decision. */
import { ComplaintStatus, type ConsoleComplaint, type ConsoleComplaintDetail } from '@parley/protocol';
import { call } from '../api/call';
import type { Page } from './usePaged';

export type ComplaintOutcome = typeof ComplaintStatus.RESOLVED | typeof ComplaintStatus.REJECTED;

/** Pending complaints come oldest first (closest to the 24 h promise), the rest newest first. */
export const listComplaints = (status: number, page: number): Promise<Page<ConsoleComplaint>> =>
  call('consoleComplaints', { query: { status, page }, silent: true });

export const getComplaint = (id: number): Promise<ConsoleComplaintDetail> =>
  call('consoleComplaint', { query: { id }, silent: true });

export const resolveComplaint = (id: number, outcome: ComplaintOutcome, answer: string): Promise<ConsoleComplaint> =>
  call('consoleComplaintResolve', { body: { id, outcome, answer } });
