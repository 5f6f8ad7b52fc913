import t from 'tap';
import { REPLY_LINK_MAX, REPLY_QUOTE_CHARS, replyMailto, replySubject } from '../../../shared/admin/reply-link.js';
import { ENQUIRY_LIMITS } from '../../../shared/enquiry/validation.js';

type Replied = Parameters<typeof replyMailto>[0];
const enquiry = (overrides: Partial<Replied> = {}): Replied => ({
  id: 58,
  name: 'Ada Buyer',
  email: 'ada@buyer.example',
  subject: 'Flanges',
  message: 'Please quote.',
  ...overrides,
});

/** The link's parts, decoded as a mail program reads them. */
function parts(link: string) {
  const match = /^mailto:([^?]*)\?subject=([^&]*)(?:&body=(.*))?$/s.exec(link);
  if (!match) throw new Error(`not a mailto link: ${link.slice(0, 80)}`);
  const body = match[3] === undefined ? null : decodeURIComponent(match[3]);
  return { to: decodeURIComponent(match[1]!), subject: decodeURIComponent(match[2]!), body };
}

/** The quoted message, as it was before quoting ("> " taken off each line, CRLF back to LF). */
function quoteOf(body: string, name: string): string {
  const [start, quoted] = body.split(`${name} wrote:\r\n`);
  t.equal(start, '\r\n\r\n', 'two empty lines to write in, then who wrote');
  return quoted!
    .split('\r\n')
    .map((line) => line.replace(/^> /, ''))
    .join('\n');
}

const GUJARATI = 'અમને ૫૦૦ ફ્લેન્જ DN 50 ની કિંમત મોકલો, કૃપા કરીને. ';
const ARABIC = 'نرجو إرسال عرض سعر لـ 500 شفة DN 50 من فضلكم.\n';
const ASCII = 'Please quote 500 weld-neck flanges DN 50 PN 16 in ASTM A105. ';
const long = (text: string, length: number = ENQUIRY_LIMITS.message) =>
  text.repeat(Math.ceil(length / text.length)).slice(0, length);

t.test('a short message: the subject with its number, the whole message quoted, every part encoded', async (t) => {
  const link = replyMailto(enquiry({ subject: 'Gears & "shafts"', message: 'Line one\nLine two' }));
  t.equal(
    link,
    'mailto:ada@buyer.example?subject=Re%3A%20Gears%20%26%20%22shafts%22%20%5B%2358%5D&body=%0D%0A%0D%0AAda%20Buyer%20wrote%3A%0D%0A%3E%20Line%20one%0D%0A%3E%20Line%20two',
  );
  t.equal(replySubject({ id: 58, subject: 'Flanges' }), 'Re: Flanges [#58]');
  t.same(parts(replyMailto(enquiry({ email: 'o’brien+rfq@buyer.example' }))).to, 'o’brien+rfq@buyer.example');
});

for (const [script, text] of [
  ['ASCII', ASCII],
  ['Gujarati', GUJARATI],
  ['Arabic, with line breaks', ARABIC],
  ['emoji (two UTF-16 units each)', '🔩⚙️🛠️ '],
] as const) {
  t.test(
    `a long message in ${script}: at most ${REPLY_QUOTE_CHARS} characters quoted, the link within ${REPLY_LINK_MAX}`,
    async (t) => {
      const message = long(text);
      const replied = enquiry({ subject: `Anfrage ${script}`, message });
      const link = replyMailto(replied);
      t.ok(link.length <= REPLY_LINK_MAX, `${link.length} characters`);
      const { to, subject, body } = parts(link);
      t.equal(to, replied.email);
      t.equal(subject, `Re: Anfrage ${script} [#58]`, 'the subject is never cut');
      const quote = quoteOf(body!, replied.name);
      t.match(quote, / …$/, 'where it was cut says so');
      const kept = quote.replace(/ …$/, '');
      t.ok(message.startsWith(kept), 'the start of the message, as written');
      t.ok([...kept].length <= REPLY_QUOTE_CHARS, `${[...kept].length} characters quoted`);
      t.ok([...kept].length > 0, 'some of it');
      // The quote is as long as it may be: the 500 characters, or nearly all the room the link has.
      if ([...kept].length < REPLY_QUOTE_CHARS - 1) t.ok(link.length > REPLY_LINK_MAX - 100, 'the room is used');
    },
  );
}

t.test('ASCII: exactly the first 500 characters (the link has room for them)', async (t) => {
  const message = long('abcdefghij');
  const quote = quoteOf(parts(replyMailto(enquiry({ message }))).body!, 'Ada Buyer');
  t.equal(quote, `${message.slice(0, REPLY_QUOTE_CHARS)} …`);
});

t.test('a message of exactly 500 characters is quoted whole, without "…"', async (t) => {
  const message = long('abcdefghij', REPLY_QUOTE_CHARS);
  t.equal(quoteOf(parts(replyMailto(enquiry({ message }))).body!, 'Ada Buyer'), message);
});

t.test(
  'the longest subject, name and address the form takes, in Gujarati: still within 1,800 characters',
  async (t) => {
    const replied = enquiry({
      id: 123_456,
      name: long('ગુજરાત ટ્રેડર્સ ', ENQUIRY_LIMITS.name),
      email: `${'a'.repeat(ENQUIRY_LIMITS.email - '@buyer.example'.length)}@buyer.example`,
      subject: long('ફ્લેન્જ માટે કિંમત ', ENQUIRY_LIMITS.subject),
      message: long(GUJARATI),
    });
    const link = replyMailto(replied);
    t.ok(link.length <= REPLY_LINK_MAX, `${link.length} characters`);
    const { to, subject } = parts(link);
    t.equal(to, replied.email, 'to the buyer');
    t.match(subject, /^Re: .+ \[#123456\]$/s, 'a reply, with the number');
    t.ok(replied.subject.startsWith(subject.replace(/^Re: /, '').replace(/…? \[#123456\]$/, '')), 'its subject');

    const arabic = enquiry({
      name: long('شركة الخليج للتجارة ', ENQUIRY_LIMITS.name),
      subject: long('طلب عرض سعر ', ENQUIRY_LIMITS.subject),
      message: long(ARABIC),
    });
    const arabicLink = replyMailto(arabic);
    t.ok(arabicLink.length <= REPLY_LINK_MAX, `Arabic: ${arabicLink.length} characters`);
    t.equal(parts(arabicLink).subject, `Re: ${arabic.subject} [#58]`, 'a subject that fits is whole');
  },
);
