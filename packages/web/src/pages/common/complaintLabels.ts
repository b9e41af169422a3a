/** Locale keys for complaint kinds and states (protocol numbers → `complaint.*` keys). */
import { ComplaintStatus, ComplaintTargetType, ComplaintType } from '@parley/protocol';

/** The reasons in picker order. */
export const COMPLAINT_TYPES = [
  ComplaintType.HARASSMENT,
  ComplaintType.FRAUD,
  ComplaintType.HARMFUL,
  ComplaintType.OTHER,
] as const;

const TYPE_KEYS: Record<number, string> = {
  [ComplaintType.HARASSMENT]: 'complaint.types.harassment',
  [ComplaintType.FRAUD]: 'complaint.types.fraud',
  [ComplaintType.HARMFUL]: 'complaint.types.harmful',
  [ComplaintType.OTHER]: 'complaint.types.other',
};
export const complaintTypeKey = (type: number): string => TYPE_KEYS[type] ?? 'complaint.types.other';

const STATUS_KEYS: Record<number, string> = {
  [ComplaintStatus.PENDING]: 'complaint.status.pending',
  [ComplaintStatus.RESOLVED]: 'complaint.status.resolved',
  [ComplaintStatus.REJECTED]: 'complaint.status.rejected',
};
export const complaintStatusKey = (status: number): string => STATUS_KEYS[status] ?? 'complaint.status.pending';
/** CSS modifier of the status badge. */
export const complaintStatusClass = (status: number): string =>
  status === ComplaintStatus.RESOLVED ? 'resolved' : status === ComplaintStatus.REJECTED ? 'rejected' : 'pending';

export const complaintTargetKey = (targetType: number): string =>
  targetType === ComplaintTargetType.GROUP ? 'complaint.targetGroup' : 'complaint.targetUser';

/** Date and time in the current locale. */
export function formatDateTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}
