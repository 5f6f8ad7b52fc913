import type { FastifyInstance } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { EnquiryStore } from '../../enquiries/enquiry-store.js';
import { answersJson } from '../../platform/http/negotiation.js';
import { backTo } from './desk-answer.js';
import { idParam, noteBody } from './desk-schemas.js';

/** POST /admin/enquiries/:id/notes: a note on the enquiry, answered 201 with the note (JSON) or 303 back. */
export function noteRoutes(admin: FastifyInstance, { store }: { store: EnquiryStore }) {
  admin.post<{ Params: { id: number }; Body: { body: string; back?: unknown } }>(
    ADMIN_PATHS.notes,
    { schema: { params: idParam, body: noteBody } },
    (request, reply) => {
      const note = store.addNote(request.params.id, request.body.body.trim(), request.adminAccount!.email);
      if (!answersJson(request, 'json-body-or-accept')) {
        const back = backTo(request.body.back, [request.params.id]);
        if (note)
          request.session.set('done', { at: back.split('#')[0]!, done: { message: 'Note added.', undo: null } });
        return reply.redirect(back, 303);
      }
      if (!note) return reply.code(404).send({ error: 'Not Found', message: 'No such enquiry.' });
      return reply.code(201).send(note);
    },
  );
}
