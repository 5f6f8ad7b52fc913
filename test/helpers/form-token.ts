import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORM_TOKEN_FIELD } from '../../shared/enquiry/validation.js';
import { SECRET_FILE_NAME } from '../../server/platform/security/server-secret.js';
import { createFormTokens } from '../../server/enquiries/form-token.js';

/** The secret of each test server, by origin (read when needed: a server writes it at its first start). */
const secrets = new Map<string, () => string>();

export function rememberServerSecret(
  url: string,
  dataDir: string | undefined,
  sessionSecret: string | undefined,
): void {
  if (sessionSecret) secrets.set(new URL(url).origin, () => sessionSecret);
  else if (dataDir)
    secrets.set(new URL(url).origin, () => readFileSync(join(dataDir, SECRET_FILE_NAME), 'utf8').trim());
}

/**
 * A form token as that server would have put in its contact page `ageMs` ago (10 s: a person's
 * pace), so a test's enquiry is not taken for spam. Undefined for a server this helper does not know.
 */
export function formTokenFor(url: string, ageMs = 10_000): string | undefined {
  const secret = secrets.get(new URL(url).origin)?.();
  return secret && createFormTokens(secret, () => Date.now() - ageMs).issue();
}

/** How that server judges a token at `now` (ok, or why not), as it would when an enquiry comes with it. */
export function checkFormToken(url: string, token: string, now: () => number = Date.now) {
  const secret = secrets.get(new URL(url).origin)?.();
  if (!secret) throw new Error(`no secret known for ${url}`);
  return createFormTokens(secret, now).check(token);
}

const ENQUIRY_ENDPOINT = /^\/(contact|api\/enquiries)$/;

/**
 * Test clients post enquiries as the site's own form does, with a fresh token: unless the fields
 * name one themselves (a spam test sends none, a replayed one, or one too young).
 */
export function withFormToken<T>(url: string, fields: T): T {
  if (
    !ENQUIRY_ENDPOINT.test(new URL(url).pathname) ||
    !fields ||
    typeof fields !== 'object' ||
    FORM_TOKEN_FIELD in fields
  )
    return fields;
  const token = formTokenFor(url);
  return token ? { ...fields, [FORM_TOKEN_FIELD]: token } : fields;
}
