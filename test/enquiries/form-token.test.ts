import Database from 'better-sqlite3';
import { join } from 'node:path';
import t from 'tap';
import { FORM_TOKEN_API } from '../../shared/enquiry/form-token.js';
import { FORM_TOKEN_FIELD } from '../../shared/enquiry/validation.js';
import { REPLAY_REASON } from '../../server/enquiries/spam-rules.js';
import { A_PERSONS_PACE_MS, DAY_MS, testClock } from '../helpers/clock.js';
import { makeEnquiry } from '../helpers/enquiry.js';
import { withServer } from '../helpers/server.js';

// The form token endpoint, for a form reached by a client-side route change or left open for days,
// with the server's clock moved on as a person's time passes.
const clock = testClock();
const server = await withServer(t, { env: { ENQUIRY_RATE_LIMIT: '100' }, clock, listen: false });

const send = (body: unknown) =>
  server.fetch(`/api/enquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
const lastReason = () => {
  const db = new Database(join(server.dataDir, 'forge.db'), { readonly: true });
  try {
    return (
      (db.prepare('SELECT spam_reason FROM enquiries ORDER BY id DESC LIMIT 1').pluck().get() as string | null) ?? null
    );
  } finally {
    db.close();
  }
};
const fresh = async () => {
  const response = await server.fetch(FORM_TOKEN_API);
  t.equal(response.status, 200);
  t.equal(response.headers.get('cache-control'), 'no-store', 'never stored by anyone');
  return ((await response.json()) as { formToken: string }).formToken;
};
const renew = async (formToken: unknown) => {
  const response = await server.fetch(FORM_TOKEN_API, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ formToken }),
  });
  t.equal(response.status, 200);
  t.equal(response.headers.get('cache-control'), 'no-store');
  return ((await response.json()) as { formToken: string }).formToken;
};

t.test(
  "GET hands out a token that counts from now: sent at once it is too fast, at a person's pace it is the inbox",
  async (t) => {
    const token = await fresh();
    t.equal((await send(makeEnquiry({ [FORM_TOKEN_FIELD]: token }))).status, 201);
    t.match(lastReason(), /faster than a person can/);
    const another = await fresh();
    clock.advance(A_PERSONS_PACE_MS);
    t.equal((await send(makeEnquiry({ [FORM_TOKEN_FIELD]: another }))).status, 201);
    t.equal(lastReason(), null, 'the inbox');
  },
);

t.test(
  'POST renews an expired token and keeps when the form was opened; a valid one comes back as it is',
  async (t) => {
    const token = await fresh();
    clock.advance(A_PERSONS_PACE_MS);
    t.equal(await renew(token), token, 'still valid: the same token');

    clock.advance(8 * DAY_MS);
    const renewed = await renew(token);
    t.not(renewed, token, 'expired: a new one');
    const [opened, , nonce] = renewed.split('.');
    t.equal(opened, token.split('.')[0], 'opened when the form was');
    const [openedAgain, , nonceAgain] = (await renew(token)).split('.');
    t.same([openedAgain, nonceAgain], [opened, nonce], 'renewing it again: the same form (its nonce too)');
    t.equal((await send(makeEnquiry({ [FORM_TOKEN_FIELD]: renewed }))).status, 201);
    t.equal(lastReason(), null, 'sent at once after the renewal: the form was opened days ago, so a person; the inbox');

    const again = await renew(token);
    t.equal((await send(makeEnquiry({ [FORM_TOKEN_FIELD]: again }))).status, 201);
    t.equal(lastReason(), REPLAY_REASON, 'a second renewal of the same token is the same form: a replay');
  },
);

t.test('POST with no token, a forged one or one from months ago: a new token, counted from now', async (t) => {
  const token = await fresh();
  for (const [what, given] of [
    ['none', undefined],
    ['not a token', 'hello'],
    ['forged', `${token.slice(0, -4)}AAAA`],
  ] as const) {
    const answered = await renew(given);
    t.not(answered, token, what);
    t.equal((await send(makeEnquiry({ [FORM_TOKEN_FIELD]: answered }))).status, 201);
    t.match(lastReason(), /faster than a person can/, `${what}: counts from now`);
  }
  clock.advance(40 * DAY_MS);
  const old = await renew(token);
  t.equal((await send(makeEnquiry({ [FORM_TOKEN_FIELD]: old }))).status, 201);
  t.match(lastReason(), /faster than a person can/, 'opened more than 30 days ago: not renewed, a new one');
});

t.test('the endpoint takes no other method and no huge body', async (t) => {
  t.equal((await server.fetch(FORM_TOKEN_API, { method: 'DELETE' })).status, 404);
  const big = await server.fetch(FORM_TOKEN_API, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ formToken: 'x'.repeat(40_000) }),
  });
  t.equal(big.status, 413);
});
