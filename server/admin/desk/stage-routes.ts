import type { FastifyInstance } from 'fastify';
import { doneWithStage } from '../../../shared/admin/done.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { STAGE_LABELS, type Stage } from '../../../shared/enquiry/enquiry.js';
import { addDays, QUOTE_FOLLOW_UP_NOTE } from '../../../shared/enquiry/follow-up.js';
import type { EnquiryEvents } from '../../enquiries/thread/enquiry-events.js';
import type { FollowUps } from '../../enquiries/thread/follow-ups.js';
import type { DeskActions } from './desk-actions.js';
import { answer, undoing } from './desk-answer.js';
import type { EnquiryDeskOptions } from './desk-options.js';
import { idParam, stageBody } from './desk-schemas.js';

interface StageRouteKit {
  events: EnquiryEvents;
  followUps: FollowUps;
  /** Today in the site's time zone, by the site's clock. */
  today: () => string;
  exists: DeskActions['exists'];
}

/**
 * POST /admin/enquiries/:id/stage: the stage, its event on the timeline and (to Quoted, when it has
 * none) a proposed follow-up, in one write; then the webhooks' outbox is woken.
 */
export function stageRoutes(
  admin: FastifyInstance,
  options: Pick<EnquiryDeskOptions, 'store' | 'storage' | 'followUpDays' | 'webhooks'>,
  { events, followUps, today, exists }: StageRouteKit,
) {
  const { store, storage } = options;
  admin.post<{
    Params: { id: number };
    Body: { stage: Stage; onlyFrom?: Stage; back?: unknown; undo?: unknown; proposed?: string };
  }>(ADMIN_PATHS.stage, { schema: { params: idParam, body: stageBody } }, (request, reply) => {
    const { id } = request.params;
    const { stage, onlyFrom } = request.body;
    // The stage, its event and (to Quoted, when it has none) a proposed follow-up, in one write.
    const who = request.adminAccount!.email;
    const { was, proposed } = storage.write(() => {
      const was = store.setStage(id, stage, onlyFrom);
      if (was === undefined || was === stage) return { was, proposed: undefined };
      events.record(id, who, 'stage', `${STAGE_LABELS[was]} → ${STAGE_LABELS[stage]}`);
      const { proposed } = request.body;
      const current = followUps.of(id);
      if (undoing(request.body) && proposed && current?.on === proposed && current.note === QUOTE_FOLLOW_UP_NOTE)
        followUps.set(id, null, who);
      if (stage !== 'quoted' || undoing(request.body)) return { was, proposed: undefined };
      const on = addDays(today(), options.followUpDays);
      const set = followUps.propose(id, { on, note: QUOTE_FOLLOW_UP_NOTE }, who);
      return { was, proposed: set ? { on, today: today() } : undefined };
    });
    if (was !== undefined && was !== stage) void options.webhooks.run();
    const done =
      was !== undefined
        ? doneWithStage(id, stage, was, undoing(request.body), proposed)
        : exists(id) && onlyFrom
          ? { message: `#${id} is no longer ${STAGE_LABELS[onlyFrom]}: its stage was not changed.`, undo: null }
          : null;
    return answer(request, reply, done, [id], proposed ? { followUp: followUps.of(id) } : {});
  });
}
