import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import t from 'tap';
import { postQuote, quoteForm, SAMPLE_DRAWINGS } from './helpers/drawings.js';
import { postJson, removeDataDir, startServer } from './helpers/server.js';

interface Received {
  to: string[];
  raw: string;
}

const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
      callback();
    });
  },
});
smtp.listen(0, '127.0.0.1');
await once(smtp.server, 'listening');
const smtpPort = (smtp.server.address() as AddressInfo).port;
t.teardown(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const enquiry = { name: 'Nikhil Verma', email: 'nikhil@buyer.example', phone: '+91 99887 76655', subject: 'Valve bodies', message: 'Please quote 200 pieces.' };

t.test('with SMTP configured, the admin gets a plain-text summary of each new enquiry', async (t) => {
  const server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, NOTIFY_TO: 'desk@forge.test' });
  t.teardown(async () => {
    await server.close();
    removeDataDir(server.dataDir);
  });
  t.equal((await postJson(`${server.url}/api/enquiries`, enquiry)).status, 201);
  const deadline = Date.now() + 5000;
  while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  t.equal(received.length, 1);
  const [mail] = received;
  t.same(mail!.to, ['desk@forge.test']);
  t.match(mail!.raw, /Subject: New enquiry: Valve bodies/);
  t.match(mail!.raw, /Content-Type: text\/plain/);
  t.match(mail!.raw, /Reply-To: nikhil@buyer\.example/);
  for (const text of ['Nikhil Verma', '+91 99887 76655', 'Please quote 200 pieces.']) t.ok(mail!.raw.includes(text), text);
});

t.test('a failed mail is logged and neither fails nor loses the enquiry', async (t) => {
  const closed = new SMTPServer({ logger: false });
  closed.listen(0, '127.0.0.1');
  await once(closed.server, 'listening');
  const deadPort = (closed.server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));

  const server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${deadPort}`, NOTIFY_TO: 'desk@forge.test' });
  t.teardown(async () => {
    await server.close();
    removeDataDir(server.dataDir);
  });
  t.equal((await postJson(`${server.url}/api/enquiries`, enquiry)).status, 201);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const admin = await fetch(`${server.url}/healthz`);
  t.equal(admin.status, 200, 'the server carries on');
});

t.test('the e-mail lists a quote request’s details and drawings by name and size, links the panel, attaches nothing', async (t) => {
  const server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, NOTIFY_TO: 'desk@forge.test', SITE_URL: 'https://www.forge.example' });
  t.teardown(async () => {
    await server.close();
    removeDataDir(server.dataDir);
  });
  received.length = 0;
  const form = quoteForm({ ...enquiry, subject: 'Flanges RFQ', product: 'flanges', company: 'Gulf Valves LLC', quantity: '500', unit: 'kg' }, [
    SAMPLE_DRAWINGS.pdf,
    SAMPLE_DRAWINGS.step,
  ]);
  t.equal((await postQuote(server.url, form)).status, 303);
  const deadline = Date.now() + 5000;
  while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const text = received[0]!.raw.replace(/=\r\n/g, '');
  for (const line of [/Product:\s+Flanges/, /Company:\s+Gulf Valves LLC/, /Quantity:\s+500 kg/, /Drawings \(download them in the admin panel\):/, /- valve body\.step \(1 KB\)/, /https:\/\/www\.forge\.example\/admin/]) {
    t.match(text, line);
  }
  t.notMatch(received[0]!.raw, /Content-Disposition: attachment/i, 'no attachment');
});
