import type { ReplyDraft } from '../../../shared/admin/reply.js';
import type { TimelineItem } from '../../../shared/enquiry/thread.js';

/**
 * The reply form filled with a reply that failed for good (its Edit: `?edit=<its id>`): its text and
 * files, and the id it replaces once the edited reply is stored. Nothing for any other id.
 */
export function editedReply(
  timeline: readonly TimelineItem[],
  edit: unknown,
  key: string,
): { replyDraft?: ReplyDraft } {
  if (typeof edit !== 'string' || !/^\d{1,12}$/.test(edit)) return {};
  const id = Number(edit);
  for (const item of timeline) {
    if (item.kind !== 'message' || item.message.id !== id || item.message.delivery?.status !== 'failed') continue;
    const { body, files } = item.message;
    return { replyDraft: { body, attach: files.map((file) => file.id), key, errors: {}, replaces: id } };
  }
  return {};
}
