import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  WEBHOOK_EVENT_NAMES,
  type AdminIntegrationsPage,
  type IntegrationsDone,
  type WebhookEvent,
} from '../../shared/admin/integrations.js';
import { INTEGRATIONS_TEXT } from '../../shared/admin/texts.js';
import { ADMIN_PATHS } from '../../shared/admin/paths.js';
import type { PageRenderer } from '../pages/page-renderer.js';
import type { WebhookSettings } from '../config/webhook-settings.js';
import type { WebhookEndpoints } from './webhook-endpoints.js';
import type { WebhookOutbox } from './webhook-outbox.js';
import { targetProblem, webhookUrl, type TargetProblem } from './webhook-targets.js';

export interface IntegrationRouteOptions {
  webhookEndpoints: WebhookEndpoints;
  webhooks: WebhookOutbox;
  pages: PageRenderer;
  config: { webhooks: WebhookSettings };
}

const DONE: IntegrationsDone[] = ['added', 'rotated', 'turnedOn', 'turnedOff', 'removed', 'resent'];
const ACTIONS = ['on', 'off', 'rotate', 'remove'] as const;
type EndpointAction = (typeof ACTIONS)[number];
const ACTION_DONE: Record<EndpointAction, IntegrationsDone> = {
  on: 'turnedOn',
  off: 'turnedOff',
  rotate: 'rotated',
  remove: 'removed',
};
const PROBLEM_TEXT: Record<TargetProblem, string> = {
  invalid: INTEGRATIONS_TEXT.urlInvalid,
  private: INTEGRATIONS_TEXT.urlPrivate,
  unresolved: INTEGRATIONS_TEXT.urlUnresolved,
};

const id = { type: 'integer', minimum: 1 } as const;
const addBody = {
  type: 'object',
  properties: {
    url: { type: 'string', maxLength: 2000 },
    events: {
      anyOf: [
        { type: 'string', enum: WEBHOOK_EVENT_NAMES },
        { type: 'array', items: { type: 'string', enum: WEBHOOK_EVENT_NAMES }, maxItems: WEBHOOK_EVENT_NAMES.length },
      ],
    },
  },
  required: ['url'],
} as const;

/** The events ticked in the form (one ticked box arrives as a string), each once, in the screen's order. */
const eventsOf = (value: string | string[] | undefined): WebhookEvent[] =>
  WEBHOOK_EVENT_NAMES.filter((event) => [value ?? []].flat().includes(event));

/**
 * /admin/integrations: the owner's webhook endpoints, as plain forms that work without JavaScript
 * (CSRF-checked by the admin scope, 303 back to the screen): add one (URL and events; refused with
 * 400 and the screen when the address is not allowed), turn it on or off, rotate its secret, remove
 * it, and Resend a delivery from its log.
 */
export default async function integrationRoutes(admin: FastifyInstance, options: IntegrationRouteOptions) {
  const { webhookEndpoints: endpoints, webhooks, pages } = options;

  const show = (reply: FastifyReply, page: Pick<AdminIntegrationsPage, 'message' | 'error' | 'url'>, status = 200) =>
    pages.sendPrivate(
      reply,
      ADMIN_PATHS.integrations,
      { admin: { ...reply.signedIn(), screen: 'integrations', endpoints: endpoints.list(), ...page } },
      status,
    );
  const done = (reply: FastifyReply, what: IntegrationsDone) =>
    reply.redirect(`${ADMIN_PATHS.integrations}?done=${what}`, 303);

  admin.get<{ Querystring: { done?: IntegrationsDone } }>(
    ADMIN_PATHS.integrations,
    {
      schema: { querystring: { type: 'object', properties: { done: { type: 'string', enum: DONE } } } },
      config: { access: 'redirect' },
    },
    async (request, reply) => {
      const { done } = request.query;
      return show(reply, { message: done ? INTEGRATIONS_TEXT[done] : null, error: null, url: '' });
    },
  );

  admin.post<{ Body: { url: string; events?: string | string[] } }>(
    ADMIN_PATHS.integrations,
    { schema: { body: addBody } },
    async (request, reply) => {
      const events = eventsOf(request.body.events);
      const url = request.body.url.trim();
      const problem = await targetProblem(url, options.config.webhooks.allowPrivate);
      const error = problem ? PROBLEM_TEXT[problem] : events.length === 0 ? INTEGRATIONS_TEXT.eventsRequired : null;
      if (error) return show(reply, { message: null, error, url }, 400);
      endpoints.add(webhookUrl(url)!.href, events);
      return done(reply, 'added');
    },
  );

  admin.post<{ Params: { id: number; action: EndpointAction } }>(
    ADMIN_PATHS.integrationAction,
    {
      schema: {
        params: {
          type: 'object',
          properties: { id, action: { type: 'string', enum: ACTIONS } },
          required: ['id', 'action'],
        },
      },
    },
    async (request, reply) => {
      const { id, action } = request.params;
      const changed =
        action === 'rotate'
          ? endpoints.rotate(id)
          : action === 'remove'
            ? endpoints.remove(id)
            : endpoints.setEnabled(id, action === 'on');
      if (!changed) return reply.callNotFound();
      return done(reply, ACTION_DONE[action]);
    },
  );

  admin.post<{ Params: { id: number; delivery: number } }>(
    ADMIN_PATHS.integrationResend,
    { schema: { params: { type: 'object', properties: { id, delivery: id }, required: ['id', 'delivery'] } } },
    async (request, reply) => {
      const { id, delivery } = request.params;
      if (!endpoints.has(id, delivery) || !webhooks.resend(delivery)) return reply.callNotFound();
      return done(reply, 'resent');
    },
  );
}
