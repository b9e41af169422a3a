/**
 * System notifications from the console: an operator's broadcast, and the notice a
 * complainant gets when their complaint is handled (services/system/ does the delivery).
 */
import type { Complaint, SystemMessageInput, SystemTip } from '@parley/protocol';

/**
 * The complainant's notice: English title, intro and content for clients without the
 * tip; the tip lets every client show it in its own language.
 */
export function complaintNotice(complaint: Complaint, resolved: boolean): SystemMessageInput {
  const target = complaint.targetName || `#${complaint.targetId}`;
  const tip: SystemTip = {
    key: resolved ? 'complaintResolved' : 'complaintRejected',
    params: { complaintId: String(complaint.id), targetName: target, answer: complaint.resolution },
  };
  const title = resolved ? 'Your complaint was resolved' : 'Your complaint was reviewed';
  const intro = resolved
    ? `We reviewed your complaint about ${target} and took action.`
    : `We reviewed your complaint about ${target} and found no violation.`;
  // Markdown: the answer is quoted; a reviewer's text never becomes markup of its own.
  const answer = complaint.resolution
    .split('\n')
    .map((l) => `> ${l.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, '\\$&')}`)
    .join('\n');
  const content = `${intro}\n\nThe reviewer's answer:\n\n${answer}\n\nComplaint number: ${complaint.id}`;
  return { title: title.slice(0, 64), coverUrl: '', intro: intro.slice(0, 256), content, tip };
}
