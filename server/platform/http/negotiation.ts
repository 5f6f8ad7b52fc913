import type { FastifyRequest } from 'fastify';
import { ADMIN_AREA } from '../../../shared/admin/area.js';

/**
 * How a kind of request says it wants JSON rather than a page. Each rule is the one its clients were
 * written against, so they differ on purpose:
 * - 'json-body': it sent JSON (the admin's sign-in and sign-out: the enhanced forms post JSON);
 * - 'json-body-or-accept': it sent JSON, or its Accept names application/json (the admin's other
 *   changes: the enhanced panel and editor fetch them, a form without JavaScript posts them);
 * - 'accept-json-over-html': its Accept names application/json and not text/html (the contact form:
 *   its script sends the same form data as a browser does without JavaScript, asking for JSON);
 * - 'not-a-page': no person reads the answer as a page: an API address, a JSON body, or a method no
 *   browser navigates or posts a form with (errors and the 404).
 */
export type JsonRule = 'json-body' | 'json-body-or-accept' | 'accept-json-over-html' | 'not-a-page';

/** Whether to answer a request with JSON (for scripts) rather than a page (for people): see JsonRule. */
export function answersJson(request: FastifyRequest, rule: JsonRule): boolean {
  const sentJson = request.headers['content-type']?.startsWith('application/json') === true;
  const accept = request.headers.accept ?? '';
  switch (rule) {
    case 'json-body':
      return sentJson;
    case 'json-body-or-accept':
      return sentJson || /application\/json/.test(accept);
    case 'accept-json-over-html':
      return /application\/json/.test(accept) && !/text\/html/.test(accept);
    case 'not-a-page':
      return (
        request.url.startsWith('/api/') ||
        request.url.startsWith(`${ADMIN_AREA}/api/`) ||
        sentJson ||
        !(request.method === 'GET' || request.method === 'HEAD' || request.method === 'POST')
      );
  }
}
