/** What the mailbox's test files share: a server reading Dovecot's INBOX, and ways to look at both. */
import { createHash } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import t, { type Test } from 'tap';
import { IMPORTED_KEYWORD } from '../../../server/enquiries/mailbox/message-taker.js';
import { startDovecot, withoutDovecot, type TestDovecot } from '../../helpers/dovecot.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { rfc822 } from '../../helpers/mail-messages.js';
import { postJson, withServer, type ServerOptions, type Teardown, type TestServer } from '../../helpers/server.js';

/** Each test needs Dovecot: without it, each is skipped with the reason. */
export const test = (name: string, fn: (t: Test) => Promise<void>): void =>
  void t.test(name, { skip: withoutDovecot }, fn);

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface MessageRow {
  id: number;
  enquiry_id: number;
  direction: string;
  message_id: string;
  in_reply_to: string | null;
  sender: string;
  subject: string;
  body: string;
}

/** A server reading the test's mailbox; no timer polls it (it does not listen): the test calls pollOnce. */
export async function mailboxServer(
  tap: Teardown,
  dovecot: TestDovecot,
  options: ServerOptions & { url?: string } = {},
): Promise<TestServer> {
  return withServer(tap, {
    listen: false,
    ...options,
    env: { IMAP_URL: options.url ?? dovecot.url, IMAP_POLL_SECONDS: '3600', ...options.env },
  });
}

/** An enquiry sent through the site's form; its number. */
export async function enquiryFrom(server: TestServer, email: string): Promise<number> {
  const response = await postJson(`${server.url}/api/enquiries`, makeEnquiry({ email }));
  if (response.status !== 201 && response.status !== 200) throw new Error(`enquiry refused: ${response.status}`);
  return (server.app.db.prepare('SELECT max(id) FROM enquiries WHERE email = ?').pluck().get(email) as number) ?? 0;
}

/** A reply the desk sent (the sending side stores it so), to be replied to. */
export function sentReply(server: TestServer, enquiryId: number, messageId: string): void {
  const { db } = server.app;
  const at = new Date().toISOString();
  const reply = db
    .prepare(
      `INSERT INTO enquiry_messages (enquiry_id, direction, message_id, sender, recipient, subject, body, created_at)
       VALUES (?, 'sent', ?, 'owner@forge.test', 'buyer@example.de', 'Re: Flanges [#' || ? || ']', 'Our quote', ?)`,
    )
    .run(enquiryId, messageId, enquiryId, at).lastInsertRowid;
  db.prepare(
    `INSERT INTO deliveries (enquiry_id, reply_id, channel, event, status, tries, created_at, sent_at)
     VALUES (?, ?, 'reply', 'reply.sent', 'sent', 1, ?, ?)`,
  ).run(enquiryId, reply, at, at);
}

export function received(server: TestServer, enquiryId: number): MessageRow[] {
  return server.app.db
    .prepare("SELECT * FROM enquiry_messages WHERE enquiry_id = ? AND direction = 'received' ORDER BY id")
    .all(enquiryId) as MessageRow[];
}

export function enquiryState(server: TestServer, enquiryId: number) {
  return server.app.db
    .prepare('SELECT read_at, awaiting, last_message_at FROM enquiries WHERE id = ?')
    .get(enquiryId) as { read_at: string | null; awaiting: string; last_message_at: string };
}

/** Runs `use` on the test's INBOX through a separate IMAP client (as the buyer's mail program would). */
export async function inInbox<T>(dovecot: TestDovecot, use: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: dovecot.port,
    secure: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  await client.connect();
  const lock = await client.getMailboxLock('INBOX');
  try {
    return await use(client);
  } finally {
    lock.release();
    await client.logout();
  }
}

/** The flags of every message in the mailbox, by Message-ID. */
export function flagsByMessageId(dovecot: TestDovecot): Promise<Map<string, Set<string>>> {
  return inInbox(dovecot, async (client) => {
    const flags = new Map<string, Set<string>>();
    for await (const message of client.fetch('1:*', { envelope: true, flags: true }))
      flags.set(message.envelope?.messageId?.replace(/^<|>$/g, '') ?? '', message.flags ?? new Set());
    return flags;
  });
}

export function removeKeyword(dovecot: TestDovecot, messageId: string): Promise<void> {
  return inInbox(dovecot, async (client) => {
    const uids = await client.search({ header: { 'message-id': messageId } }, { uid: true });
    await client.messageFlagsRemove((uids || []).join(','), [IMPORTED_KEYWORD], { uid: true });
  });
}

/** CPU milliseconds used so far: by this thread (the event loop's), and by the whole process (its worker threads too). */
export function cpuMs(): { main: number; all: number } {
  const main = process.threadCpuUsage();
  const all = process.cpuUsage();
  return { main: (main.user + main.system) / 1000, all: (all.user + all.system) / 1000 };
}

/**
 * Runs `work` (an import) while a visitor asks for the home page every 100 ms, and measures the CPU
 * time the event loop spent meanwhile against the whole process's: the server and this test share one
 * process, so an import read on the event loop shows as the loop's CPU, one read on the worker as the
 * worker's. CPU time, unlike a page's time to answer, does not depend on the machine's load.
 */
export async function pagesDuring<T>(server: TestServer, work: () => Promise<T>) {
  // The mail parser loads with the first poll (once per process, the test's too), and the first
  // answers render and cache the page: not part of the measure.
  await simpleParser(rfc822({ from: 'warm@up.example', subject: 'Hi', html: '<p>Hi</p>' }));
  for (let warm = 0; warm < 5; warm += 1) await (await server.fetch('/')).arrayBuffer();
  const statuses: number[] = [];
  const before = cpuMs();
  const value = await new Promise<T>((resolve, reject) => {
    const probe = setInterval(() => {
      void server.fetch('/').then(async (page) => {
        await page.arrayBuffer();
        statuses.push(page.status);
      });
    }, 100);
    work()
      .then(resolve, reject)
      .finally(() => clearInterval(probe));
  });
  const after = cpuMs();
  return { main: after.main - before.main, all: after.all - before.all, statuses, value };
}

/**
 * The event loop did at most half the process's work during the import, and every page asked for
 * meanwhile was answered: a message parsed on the event loop makes it nearly all (measured: 20 MB
 * parsed on the loop took 550 ms of its CPU, against 175 ms for the whole import read on the worker).
 */
export function assertPagesHeldUp(
  t: Test,
  { main, all, statuses }: { main: number; all: number; statuses: number[] },
): void {
  t.ok(
    main < all / 2,
    `the event loop used ${main.toFixed(0)} ms of the process's ${all.toFixed(0)} ms of CPU during the import`,
  );
  t.ok(
    statuses.every((status) => status === 200),
    `the ${statuses.length} pages asked for meanwhile were answered (${[...new Set(statuses)].join(', ')})`,
  );
}

/**
 * The test file's Dovecot, started once before its tests and stopped after them. Without Dovecot none
 * is started: each test is skipped (`test` above) and never reads it.
 */
export async function dovecotForFile(): Promise<TestDovecot> {
  if (withoutDovecot) return undefined as unknown as TestDovecot;
  const dovecot = await startDovecot();
  t.teardown(() => dovecot.close());
  return dovecot;
}
