import Database from 'better-sqlite3';
import type { Test } from 'tap';
import { longEnquiry } from './realistic-data.js';
import { postForm, postJson } from './server.js';

export interface Outcome {
  subject: string;
  via: 'form' | 'json';
  status: number;
  retryAfter: string | null;
  body: string;
}

/** Sends enquiry n, by the form (even n) or the JSON API (odd n), with a subject that names it. */
export async function submitEnquiry(baseUrl: string, n: number, tag: string): Promise<Outcome> {
  const enquiry = { ...longEnquiry(n), subject: `${tag} ${n} – Größe DN 50 / ગુજરાત` };
  const via = n % 2 === 0 ? 'form' : 'json';
  const response =
    via === 'form'
      ? await postForm(`${baseUrl}/contact`, enquiry)
      : await postJson(`${baseUrl}/api/enquiries`, enquiry);
  return {
    subject: enquiry.subject,
    via,
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.text(),
  };
}

/** Subjects of every enquiry in the database file, and whether the file passes integrity_check. */
export function readBack(databasePath: string): { subjects: Set<string>; integrity: string } {
  const db = new Database(databasePath, { readonly: true });
  try {
    const subjects = new Set(db.prepare('SELECT subject FROM enquiries').pluck().all() as string[]);
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    return { subjects, integrity };
  } finally {
    db.close();
  }
}

/**
 * The promise of issue 9: every acknowledged enquiry (303 or 201) is in the file; every other answer
 * was a 503 with Retry-After that kept what was typed (the form) or said why (the API), and stored nothing.
 */
export function checkNothingLost(t: Test, outcomes: Outcome[], databasePath: string): void {
  const { subjects, integrity } = readBack(databasePath);
  t.equal(integrity, 'ok', 'PRAGMA integrity_check is ok');
  for (const outcome of outcomes) {
    if (outcome.status === 303 || outcome.status === 201) {
      t.ok(subjects.has(outcome.subject), `acknowledged (${outcome.status}) and stored: ${outcome.subject}`);
      continue;
    }
    t.equal(outcome.status, 503, `not acknowledged means 503: ${outcome.subject}`);
    t.equal(outcome.retryAfter, '60', 'with Retry-After');
    t.ok(!subjects.has(outcome.subject), `a 503 stored nothing: ${outcome.subject}`);
    if (outcome.via === 'form') {
      t.ok(outcome.body.includes(outcome.subject.replace(/&/g, '&amp;')), 'the form comes back with the subject kept');
      t.match(outcome.body, /We could not save your enquiry just now\. Nothing was lost on your side/);
    } else {
      t.match(outcome.body, /"message":"We could not save your enquiry just now/);
    }
  }
}
