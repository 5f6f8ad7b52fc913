import type { FastifyInstance, FastifyReply } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { TEMPLATE_LIMITS, type AdminTemplatesPage, type ReplyTemplate } from '../../../shared/admin/templates.js';
import { SIGNATURE_TEXT, TEMPLATES_TEXT } from '../../../shared/admin/texts.js';
import { MAX_SIGNATURE_LENGTH } from '../../../shared/admin/reply.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import type { ReplyTemplates } from './template-store.js';
import type { ReplySignature } from './signature-store.js';

export interface TemplateRouteOptions {
  replyTemplates: ReplyTemplates;
  replySignature: ReplySignature;
  pages: PageRenderer;
}

const DONE = ['saved', 'deleted', 'signed'] as const;
type TemplatesDone = (typeof DONE)[number];
const id = { type: 'integer', minimum: 1 } as const;
const NEW: ReplyTemplate = { id: 0, name: '', subject: '', body: '' };

const saveBody = {
  type: 'object',
  properties: {
    id: { type: 'integer', minimum: 0 },
    name: { type: 'string', maxLength: TEMPLATE_LIMITS.name },
    subject: { type: 'string', maxLength: TEMPLATE_LIMITS.subject },
    body: { type: 'string', maxLength: TEMPLATE_LIMITS.body },
  },
  required: ['name', 'body'],
} as const;

/**
 * /admin/templates: the reply templates, as plain forms that work without JavaScript (CSRF-checked
 * by the admin scope, 303 back to the screen): save a new one or an edited one (refused with 400
 * and the screen, as typed, when it has no name or text), delete one, and the signature below every reply.
 */
export default async function templateRoutes(admin: FastifyInstance, options: TemplateRouteOptions) {
  const { replyTemplates: templates, replySignature, pages } = options;

  const show = (reply: FastifyReply, page: Pick<AdminTemplatesPage, 'editing' | 'message' | 'error'>, status = 200) =>
    pages.sendPrivate(
      reply,
      ADMIN_PATHS.templates,
      {
        admin: {
          ...reply.signedIn(),
          screen: 'templates',
          templates: templates.list(),
          signature: replySignature.text(),
          ...page,
        },
      },
      status,
    );
  const done = (reply: FastifyReply, what: TemplatesDone) =>
    reply.redirect(`${ADMIN_PATHS.templates}?done=${what}`, 303);

  admin.get<{ Querystring: { done?: TemplatesDone; edit?: number } }>(
    ADMIN_PATHS.templates,
    {
      schema: {
        querystring: { type: 'object', properties: { done: { type: 'string', enum: DONE }, edit: id } },
      },
      config: { access: 'redirect' },
    },
    async (request, reply) => {
      const { done, edit } = request.query;
      const editing = edit === undefined ? NEW : templates.get(edit);
      if (!editing) return reply.callNotFound();
      const message = done === 'signed' ? SIGNATURE_TEXT.saved : done ? TEMPLATES_TEXT[done] : null;
      return show(reply, { editing, message, error: null });
    },
  );

  admin.post<{ Body: { id?: number; name: string; subject?: string; body: string } }>(
    ADMIN_PATHS.templates,
    { schema: { body: saveBody } },
    async (request, reply) => {
      const fields = {
        name: request.body.name.trim(),
        subject: (request.body.subject ?? '').trim(),
        body: request.body.body.trim(),
      };
      const templateId = request.body.id ?? 0;
      if (!fields.name || !fields.body)
        return show(
          reply,
          { editing: { id: templateId, ...fields }, message: null, error: TEMPLATES_TEXT.required },
          400,
        );
      if (templateId === 0) templates.add(fields);
      else if (!templates.change(templateId, fields)) return reply.callNotFound();
      return done(reply, 'saved');
    },
  );

  // The signature below every reply: one text; empty, replies go without one.
  admin.post<{ Body: { signature: string } }>(
    ADMIN_PATHS.replySignature,
    {
      schema: {
        body: {
          type: 'object',
          properties: { signature: { type: 'string', maxLength: MAX_SIGNATURE_LENGTH } },
          required: ['signature'],
        },
      },
    },
    async (request, reply) => {
      replySignature.set(request.body.signature.replace(/\r\n?/g, '\n').trimEnd());
      return done(reply, 'signed');
    },
  );

  admin.post<{ Params: { id: number } }>(
    ADMIN_PATHS.templateDelete,
    { schema: { params: { type: 'object', properties: { id }, required: ['id'] } } },
    async (request, reply) => {
      if (!templates.remove(request.params.id)) return reply.callNotFound();
      return done(reply, 'deleted');
    },
  );
}
