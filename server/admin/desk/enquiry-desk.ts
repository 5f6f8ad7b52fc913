import type { FastifyInstance } from 'fastify';
import { dayInZone } from '../../../shared/time/time-zone.js';
import { createEnquiryEvents } from '../../enquiries/thread/enquiry-events.js';
import { createFollowUps } from '../../enquiries/thread/follow-ups.js';
import { createKeptAside } from '../../enquiries/mailbox/kept-aside.js';
import { actionRoutes, bulkRoutes, deleteRoutes } from './action-routes.js';
import { deskActions } from './desk-actions.js';
import type { EnquiryDeskOptions } from './desk-options.js';
import { deskPageRoutes } from './desk-page-routes.js';
import { downloadRoutes } from './download-routes.js';
import { followUpRoutes } from './follow-up-routes.js';
import { keptAsideRoutes } from './kept-aside-routes.js';
import { noteRoutes } from './note-routes.js';
import { readingLimits } from './reading-limits.js';
import { stageRoutes } from './stage-routes.js';

/**
 * The enquiry desk: the panel and its JSON API, the actions on one or many enquiries, drawings and
 * the CSV export. Registered beside the admin-auth plugin, whose hooks check each change's CSRF
 * token and answer signed-out requests (admin-guard.ts), and which sets request.adminAccount.
 */
export default async function enquiryDesk(admin: FastifyInstance, options: EnquiryDeskOptions): Promise<void> {
  const { store, audit, storage } = options;
  const clock = () => new Date(options.now());
  const events = createEnquiryEvents(options.db, storage, clock);
  const followUps = createFollowUps(options.db, storage, events);
  const today = () => dayInZone(clock(), options.timeZone);

  const actions = deskActions(options, { events });
  const limits = readingLimits(options);

  // The heavy reads (pages, counts, the CSV export) run on the desk's reader thread; writes stay on
  // the main connection.
  deskPageRoutes(admin, options, limits);
  deleteRoutes(admin, actions);
  bulkRoutes(admin, actions);
  stageRoutes(admin, options, { events, followUps, today, exists: actions.exists });
  followUpRoutes(admin, { followUps, today });
  keptAsideRoutes(admin, {
    keptAside: createKeptAside({ db: options.db, storage, now: options.now }),
    audit,
  });
  noteRoutes(admin, { store });
  actionRoutes(admin, actions);
  downloadRoutes(admin, options, { limits });
}
