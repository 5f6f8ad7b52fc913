/**
 * The enquiries of `npm run bench`: 100,000 seeded straight into the server's SQLite before it
 * starts (through the server's own openDatabase, so its migrations and triggers apply), and the
 * POSTed ones, each a different enquiry with its own valid form token aged like a person's.
 */
import Database from 'better-sqlite3';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORY_SLUGS } from '../../shared/content/categories.js';
import { FORM_TOKEN_FIELD } from '../../shared/enquiry/validation.js';
import { createFormTokens } from '../../server/enquiries/form-token.js';
import { openDatabase } from '../../server/platform/db/open-database.js';
import { SECRET_FILE_NAME } from '../../server/platform/security/server-secret.js';
import { longEnquiry } from '../helpers/realistic-data.js';

export const DATABASE_FILE = 'forge.db';
/** The rare term the admin searches for: in the subject of one seeded enquiry in 10,000. */
export const RARE_TERM = 'Hastelloy';
const RARE_EVERY = 10_000;
/** Every enquiry the bench POSTs has an address at this domain, so they can be counted afterwards. */
export const POSTED_DOMAIN = 'bench-buyer.example';

/** Seeds `count` realistic enquiries (Unicode names, companies and messages) over the last two years. */
export function seedEnquiries(dataDir: string, count: number): { rare: number } {
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  const insert = db.prepare(
    `INSERT INTO enquiries (name, email, phone, subject, message, created_at, company, country, product, quantity, unit, material, client_ip_hash, user_agent)
     VALUES (@name, @email, @phone, @subject, @message, @createdAt, @company, @country, @product, @quantity, @unit, @material, @client, @agent)`,
  );
  const end = Date.now() - 24 * 60 * 60 * 1000;
  const step = Math.floor((2 * 365 * 24 * 60 * 60 * 1000) / count);
  const products = [...CATEGORY_SLUGS, 'other', null];
  const countries = ['India', 'Deutschland', 'United Arab Emirates', 'भारत', null];
  let rare = 0;
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const enquiry = longEnquiry(i);
      const isRare = i % RARE_EVERY === RARE_EVERY / 2;
      if (isRare) rare += 1;
      insert.run({
        ...enquiry,
        email: enquiry.email || null,
        subject: isRare ? `${RARE_TERM} C-276 forged rings ${i}` : enquiry.subject,
        // One to four paragraphs (up to about 1 KB), as real messages are.
        message: enquiry.message
          .split('\n\n')
          .slice(0, 1 + (i % 4))
          .join('\n\n'),
        createdAt: new Date(end - (count - i) * step).toISOString(),
        company:
          i % 3 === 0
            ? null
            : ['Shree Ganesh Forgings', 'Müller Schmiedetechnik GmbH', 'गणेश इंजीनियरिंग', 'Gulf Valve LLC'][i % 4],
        country: countries[i % countries.length],
        product: products[i % products.length],
        quantity: i % 4 === 0 ? null : (i % 97) * 50 + 10,
        unit: i % 4 === 0 ? null : ['pieces', 'kg', 'tonnes'][i % 3],
        material: i % 5 === 0 ? null : ['ASTM A105', '42CrMo4', '1.4408', 'EN8'][i % 4],
        client: `seed-${i % 5000}`,
        agent: 'Mozilla/5.0 (seeded)',
      });
    }
  })();
  db.close();
  return { rare };
}

let posted = 0;
/**
 * JSON bodies of different enquiries, each with a fresh form token that this server signed
 * 20 s to 10 min before (a person filling in the form), for POST /api/enquiries.
 */
export function enquiryBodies(dataDir: string, count: number): string[] {
  const secret = readFileSync(join(dataDir, SECRET_FILE_NAME), 'utf8').trim();
  const bodies: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = (posted += 1);
    const age = randomInt(20_000, 600_000);
    const token = createFormTokens(secret, () => Date.now() - age).issue();
    const enquiry = longEnquiry(n);
    bodies.push(
      JSON.stringify({
        ...enquiry,
        email: `post${n}@${POSTED_DOMAIN}`,
        subject: `Bench ${n}: ${enquiry.subject}`.slice(0, 150),
        message: enquiry.message.split('\n\n').slice(0, 3).join('\n\n'),
        [FORM_TOKEN_FIELD]: token,
      }),
    );
  }
  return bodies;
}

/** The bench's POSTed enquiries on disk (read once the server has stopped): stored, in Spam, in Trash. */
export function countPosted(dataDir: string): { stored: number; spam: number; trashed: number; reasons: string[] } {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  const where = `email LIKE '%@${POSTED_DOMAIN}'`;
  const stored = db.prepare(`SELECT count(*) FROM enquiries WHERE ${where}`).pluck().get() as number;
  const spam = db
    .prepare(`SELECT count(*) FROM enquiries WHERE ${where} AND spam_reason IS NOT NULL`)
    .pluck()
    .get() as number;
  const trashed = db
    .prepare(`SELECT count(*) FROM enquiries WHERE ${where} AND trashed_at IS NOT NULL`)
    .pluck()
    .get() as number;
  const reasons = db
    .prepare(`SELECT DISTINCT spam_reason FROM enquiries WHERE ${where} AND spam_reason IS NOT NULL LIMIT 5`)
    .pluck()
    .all() as string[];
  db.close();
  return { stored, spam, trashed, reasons };
}
