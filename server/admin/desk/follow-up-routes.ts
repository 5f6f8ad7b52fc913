import type { FastifyInstance } from 'fastify';
import { doneWithFollowUp } from '../../../shared/admin/done.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { followUpDayProblem } from '../../../shared/enquiry/follow-up.js';
import { MAX_FOLLOW_UP_NOTE, type FollowUp } from '../../../shared/enquiry/thread.js';
import { answersJson } from '../../platform/http/negotiation.js';
import type { FollowUps } from '../../enquiries/thread/follow-ups.js';
import { answer } from './desk-answer.js';

interface FollowUpBody {
  on?: string;
  note?: string;
  clear?: unknown;
  back?: unknown;
  undo?: unknown;
}

const followUpBody = {
  type: 'object',
  properties: {
    on: { type: 'string', maxLength: 20 },
    note: { type: 'string', maxLength: MAX_FOLLOW_UP_NOTE },
    // The form's Clear button (and an Undo that takes a follow-up away).
    clear: { enum: ['1', 1] },
    back: { type: 'string' },
    undo: { enum: ['1', 1] },
  },
} as const;

export interface FollowUpRouteOptions {
  followUps: FollowUps;
  /** Today in the site's time zone, by the site's clock. */
  today: () => string;
}

/**
 * POST /admin/enquiries/:id/follow-up: sets an enquiry's next-action date (a real calendar day, at
 * most a year back and two years ahead) and reminder, or clears it (`clear`). A date that cannot be
 * set is said on the page it came from (JSON: 400), and nothing changes.
 */
export function followUpRoutes(admin: FastifyInstance, { followUps, today }: FollowUpRouteOptions) {
  admin.post<{ Params: { id: number }; Body: FollowUpBody }>(
    ADMIN_PATHS.followUp,
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
        body: followUpBody,
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const body = request.body ?? {};
      const day = today();
      let followUp: FollowUp | null = null;
      if (body.clear === undefined) {
        const on = (body.on ?? '').trim();
        const problem = followUpDayProblem(on, day);
        if (problem) {
          if (answersJson(request, 'json-body-or-accept'))
            return reply.code(400).send({ error: 'Bad Request', message: problem });
          return answer(request, reply, { message: `Follow-up not set: ${problem}`, undo: null }, [id]);
        }
        followUp = { on, note: (body.note ?? '').trim() };
      }
      const was = followUps.set(id, followUp, request.adminAccount!.email);
      const done = was === undefined ? null : doneWithFollowUp(id, followUp, was, day, body.undo !== undefined);
      return answer(request, reply, done, [id], { followUp });
    },
  );
}
