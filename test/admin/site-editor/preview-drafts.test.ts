import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { createPreviewDrafts, type Draft } from '../../../server/admin/site-editor/preview-drafts.js';

const draft = (note: string): Draft => ({
  section: 'about',
  base: 3,
  values: { mission: 'A mission' },
  note,
  value: { mission: 'A mission' },
  actor: 'owner@forge.test',
  createdAt: '2026-11-25T10:00:00.000Z',
});

t.test('a draft is a private file named by a random token, readable for a day', async (t) => {
  const dataDir = t.testdir();
  let now = Date.now();
  const drafts = createPreviewDrafts(dataDir, () => now);
  const token = drafts.save(draft('first'));
  t.match(token, /^[A-Za-z0-9_-]{32}$/, '24 random bytes');
  t.not(drafts.save(draft('again')), token, 'each draft its own token');
  t.same(drafts.get(token), draft('first'));
  const file = join(dataDir, 'site-drafts', `${token}.json`);
  t.equal(statSync(file).mode & 0o777, 0o600, 'readable by the server only');
  t.equal(statSync(join(dataDir, 'site-drafts')).mode & 0o777, 0o700);
  t.equal(drafts.get('../../forge'), undefined, 'a token is never a path');
  t.equal(drafts.get('A'.repeat(32)), undefined, 'an unknown token has none');

  now += 25 * 60 * 60 * 1000;
  t.equal(drafts.get(token), undefined, 'a day later it is gone');
  const next = drafts.save(draft('next day'));
  t.notOk(existsSync(file), 'and removed when another is stored');
  t.same(readdirSync(join(dataDir, 'site-drafts')), [`${next}.json`]);
});
