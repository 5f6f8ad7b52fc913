/**
 * The contact form's token, as both sides know it (the server signs and checks it: see
 * server/enquiries/form-token.ts). A page rendered by the server carries one; a form reached by a
 * client-side route change asks this endpoint for one (GET), and a form left open longer than the
 * token lives asks it to renew the one it holds (POST), which keeps when the form was opened.
 */
export const FORM_TOKEN_API = '/api/form-token';

/** A token older than this is expired: the server no longer remembers whether it was used. */
export const FORM_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** What the endpoint answers, both ways. */
export interface FormTokenAnswer {
  formToken: string;
}
