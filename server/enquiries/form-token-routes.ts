import type { FastifyInstance } from 'fastify';
import { FORM_TOKEN_API, type FormTokenAnswer } from '../../shared/enquiry/form-token.js';
import type { FormTokens } from './form-token.js';

/**
 * The contact form's token for a form that has none or an expired one (see shared/enquiry/form-token.ts):
 * GET issues a new one; POST { formToken } renews the one the form holds. Neither writes anything,
 * and neither answer may be stored by anyone.
 */
export async function formTokenRoutes(app: FastifyInstance, { formTokens }: { formTokens: FormTokens }): Promise<void> {
  const answer = (formToken: string): FormTokenAnswer => ({ formToken });
  app.get(FORM_TOKEN_API, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return answer(formTokens.issue());
  });
  app.post<{ Body: { formToken?: unknown } | null }>(FORM_TOKEN_API, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return answer(formTokens.renew(request.body?.formToken));
  });
}
