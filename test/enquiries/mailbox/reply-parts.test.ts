import t from 'tap';
import { loadConfig, ConfigError } from '../../../server/config/load-config.js';
import { loadMailboxSettings, withoutPassword } from '../../../server/enquiries/mailbox/mailbox-config.js';
import { boundedHeaders } from '../../../server/enquiries/mailbox/bounded-headers.js';
import { matchReply, messageIdsIn, type ThreadLookups } from '../../../server/enquiries/mailbox/reply-matching.js';
import { plainLine, replyText } from '../../../server/enquiries/mailbox/reply-text.js';
import { mailboxProblem } from '../../../shared/enquiry/mailbox-status.js';
import { foldQuoted } from '../../../shared/enquiry/quoted-text.js';
import { withDataDir } from '../../helpers/server.js';

t.test('IMAP_URL and IMAP_POLL_SECONDS', async (t) => {
  t.equal(loadMailboxSettings({}), undefined, 'not set: no mailbox');
  t.match(loadMailboxSettings({ IMAP_URL: 'imaps://sales%40forge.in:p%40ss%2Fw0rd@mail.example.com/INBOX' }), {
    host: 'mail.example.com',
    port: 993,
    secure: true,
    user: 'sales@forge.in',
    password: 'p@ss/w0rd',
    mailbox: 'INBOX',
    pollMs: 60_000,
    safeUrl: 'imaps://sales%40forge.in@mail.example.com/INBOX',
  });
  t.match(loadMailboxSettings({ IMAP_URL: 'imap://u:p@127.0.0.1:1143/Replies', IMAP_POLL_SECONDS: '15' }), {
    port: 1143,
    secure: false,
    mailbox: 'Replies',
    pollMs: 15_000,
  });
  for (const [value, problem] of [
    ['not a url secret123', /must be a URL/],
    ['https://u:secret123@mail.example.com/', /imaps:\/\//],
    ['imaps://mail.example.com/INBOX', /user and the password/],
  ] as const) {
    const error = t.throws(() => loadMailboxSettings({ IMAP_URL: value })) as Error;
    t.type(error, ConfigError);
    t.match(error.message, problem);
    t.notMatch(error.message, 'secret123', 'the password is never in the message');
  }
  t.throws(() => loadMailboxSettings({ IMAP_URL: 'imap://u:p@h/', IMAP_POLL_SECONDS: '0' }), ConfigError);
  const config = loadConfig({ DATA_DIR: withDataDir(t), IMAP_URL: 'imap://u:p@h/' });
  t.equal(config.mailbox?.host, 'h', 'part of the server configuration');
  t.equal(withoutPassword('login p@ss/w0rd p%40ss%2Fw0rd failed', 'p@ss/w0rd'), 'login *** *** failed');
});

t.test('which enquiry a message replies to', async (t) => {
  const messages = new Map([
    ['sent-7@forge.test', 7],
    ['reply-9@buyer.example', 9],
    ['orphan@forge.test', 99],
  ]);
  const emails = new Map<number, string | null>([
    [7, 'Asha@Buyer.example'],
    [9, 'ravi@buyer.example'],
    [12, 'mehta@buyer.example'],
    [13, null],
  ]);
  const lookups: ThreadLookups = {
    enquiryOfMessage: (id) => messages.get(id),
    emailOf: (id) => emails.get(id),
  };
  const match = (mentions: string[], subject: string, ...from: string[]) =>
    matchReply({ mentions, subject, from }, lookups);
  t.equal(match(['sent-7@forge.test'], 'Re: anything', 'asha@buyer.example'), 7, 'In-Reply-To, from the buyer');
  t.equal(match(['unknown@x', 'reply-9@buyer.example'], 'Re: [#12]', 'ravi@buyer.example'), 9, 'References');
  // Issue 40 item 9: the thread's headers or a tag from anyone but the buyer alone match nothing.
  t.equal(
    match(['sent-7@forge.test'], 'Re: anything', 'stranger@else.example'),
    undefined,
    'In-Reply-To, another sender',
  );
  t.equal(match(['reply-9@buyer.example'], 'Re: [#12]', 'mehta@buyer.example'), undefined, 'no tag after a thread');
  t.equal(
    match([], 'Re: Flanges [#12]', 'mehta@buyer.example', 'attacker@evil.example'),
    undefined,
    'two addresses in From',
  );
  t.equal(match(['sent-7@forge.test'], 'Re', 'asha@buyer.example', 'asha@buyer.example'), undefined, 'From twice');
  t.equal(match([], 'Re: Flanges [#12]'), undefined, 'no From');
  t.equal(match(['orphan@forge.test'], 'Re', 'x@y.z'), undefined, 'a thread whose enquiry is gone');
  t.equal(match([], 'Fwd: Re: Flanges [#12]', 'MEHTA@buyer.example'), 12, '[#n] from its address, any case');
  t.equal(match([], 'Re: Flanges [#12]', 'intruder@attacker.example'), undefined, 'another sender');
  t.equal(match([], 'Re: [#13]', 'x@y.z'), undefined, 'an enquiry without an address');
  t.equal(match([], 'Re: [#404]', 'mehta@buyer.example'), undefined, 'no such enquiry');
  t.equal(match([], 'Re: #12', 'mehta@buyer.example'), undefined, 'only the bracketed form');
  t.same(messageIdsIn('<a@x>', ['<b@y> <a@x>', ' c@z ']), ['a@x', 'b@y', 'c@z']);
  const many = Array.from({ length: 40_000 }, (_, n) => `<${n}@x.example>`).join(' ');
  const ids = messageIdsIn(many);
  t.equal(ids.length, 100, 'at most the last 100 ids');
  t.equal(ids.at(-1), '39999@x.example', 'the newest kept');
  const header = Buffer.from(`Subject: Hi\r\nReferences: ${many.replaceAll(' ', '\r\n ')}\r\nFrom: a@b.example\r\n`);
  const bounded = boundedHeaders(header).toString('latin1');
  t.ok(bounded.length < 5_000, `a header block of ${header.length} bytes read as ${bounded.length}`);
  t.match(
    bounded,
    /^Subject: Hi\r\nReferences: <[0-9]+@x\.example>[\s\S]*<39999@x\.example>\r\nFrom: a@b\.example\r\n$/,
  );
});

t.test('the text of a reply', async (t) => {
  t.equal(replyText({ text: 'Hello\r\nthere\u0000\u0007\n' }), 'Hello\nthere');
  t.equal(replyText({ text: undefined }), '');
  t.equal(
    replyText({ text: 'See https://evil.example/t2\u202Egpj.exe and \u2066x\u2069\u200F' }),
    'See https://evil.example/t2gpj.exe and x',
    'bidirectional controls removed from the text and its links',
  );
  t.equal(plainLine('Re: invoice\u202Efdp.exe\r\n'), 'Re: invoicefdp.exe', 'and from the subject');
  t.equal(replyText({ text: 'x'.repeat(200_000) }).length, 100_000 + 4, 'cut, and says so');
});

t.test('foldQuoted: what the buyer wrote, and the history behind a disclosure', async (t) => {
  t.same(
    foldQuoted(
      'Yes, 500 pieces.\n\nOn Tue, 24 Nov 2026 at 10:00, Sales <s@forge.in> wrote:\n> Our price is …\n> Regards',
    ),
    {
      reply: 'Yes, 500 pieces.',
      quoted: 'On Tue, 24 Nov 2026 at 10:00, Sales <s@forge.in> wrote:\n> Our price is …\n> Regards',
    },
  );
  t.same(
    foldQuoted('Agreed.\nOn Tue, 24 Nov 2026, Sales Team\n<s@forge.in> wrote:\n> quote'),
    {
      reply: 'Agreed.',
      quoted: 'On Tue, 24 Nov 2026, Sales Team\n<s@forge.in> wrote:\n> quote',
    },
    'an "On … wrote:" wrapped over two lines',
  );
  t.same(foldQuoted('Fine.\r\n\r\n-----Original Message-----\r\nFrom: Sales\r\nold'), {
    reply: 'Fine.',
    quoted: '-----Original Message-----\nFrom: Sales\nold',
  });
  t.same(
    foldQuoted(
      'Noted.\n\nFrom: Sales <s@forge.in>\nSent: Tuesday, 24 November 2026 10:00\nTo: Asha\nSubject: Quote\n\nOur price',
    ),
    {
      reply: 'Noted.',
      quoted: 'From: Sales <s@forge.in>\nSent: Tuesday, 24 November 2026 10:00\nTo: Asha\nSubject: Quote\n\nOur price',
    },
    'Outlook',
  );
  t.same(
    foldQuoted('See below.\n> a quote in the middle\nmy answer to it\n\n> the rest\n> of it'),
    {
      reply: 'See below.\n> a quote in the middle\nmy answer to it',
      quoted: '> the rest\n> of it',
    },
    'only the trailing quotes fold',
  );
  t.same(foldQuoted('Just text.\nFrom: our plant in Rajkot'), {
    reply: 'Just text.\nFrom: our plant in Rajkot',
    quoted: '',
  });
  t.same(foldQuoted('> only a quote'), { reply: '> only a quote', quoted: '' }, 'nothing else: shown whole');
});

t.test('the desk line', async (t) => {
  const time = (iso: string) => `at ${iso}`;
  t.equal(mailboxProblem(null, time), null);
  t.equal(mailboxProblem({ configured: true, lastSuccessAt: 'T1', lastError: null, lastErrorAt: null }, time), null);
  t.equal(
    mailboxProblem({ configured: true, lastSuccessAt: null, lastError: null, lastErrorAt: null }, time),
    'The mailbox has not been read yet.',
  );
  t.equal(
    mailboxProblem(
      { configured: true, lastSuccessAt: 'T1', lastError: 'connect ECONNREFUSED.', lastErrorAt: 'T2' },
      time,
    ),
    'The mailbox could not be read: connect ECONNREFUSED. Last read at T1.',
  );
});
