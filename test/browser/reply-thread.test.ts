import { readFileSync } from 'node:fs';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { BrowserContext, Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import {
  backToList,
  doneSays,
  inboxRow,
  openEnquiry,
  signInWithBrowser,
  startBrowserSuite,
  waitForHydration,
  watchConsole,
} from '../helpers/browser.js';
import { A_PERSONS_PACE_MS, DAY_MS } from '../helpers/clock.js';
import { startDovecot, withoutDovecot } from '../helpers/dovecot.js';
import { SAMPLE_DRAWINGS, sha256 } from '../helpers/drawings.js';
import { rfc822 } from '../helpers/mail-messages.js';
import { testSmtp, type Received } from '../helpers/smtp.js';
import { formatBytes } from '../../shared/enquiry/quote.js';

/**
 * The reply thread as people live it: a buyer asks for a quote on a product page, the admin answers
 * from the enquiry's page, the buyer's answer comes back through the mailbox into the timeline, the
 * quote is followed up when due. Asserted where it lands: the SMTP server's message, the timeline and
 * the list the admin sees.
 */
const FROM = 'sales@forge.test';

/** A buyer as the desk meets them: a Unicode name, a long company name, an e-mail address. */
interface Buyer {
  name: string;
  email: string;
  company: string;
  message: string;
}

const BUYERS: Buyer[] = [
  {
    name: 'કિરણ દેસાઈ',
    email: 'kiran.desai@example-gujarat.in',
    company: 'Shree Ganesh Forgings & Precision Engineering Works Private Limited, Rajkot',
    message: 'અમને ફોર્જ કરેલા ફ્લેન્જની જરૂર છે. Please quote ASTM A105 weld-neck flanges, 2" to 12", class 300#.',
  },
  {
    name: 'Jürgen Größmann',
    email: 'j.groessmann@mueller-schmiede.example',
    company: 'Müller-Lüdenscheidt Schmiedetechnik und Armaturenbau GmbH & Co. KG',
    message: 'Bitte senden Sie uns ein Angebot für Flansche DN 50 bis DN 200, Prüfbescheinigung 3.1.',
  },
  {
    name: 'अनिल शर्मा',
    email: 'anil.sharma@example-forge.in',
    company: 'श्री गणेश फोर्जिंग्स एंड इंजीनियरिंग प्राइवेट लिमिटेड',
    message: 'कृपया फ्लेंज के लिए कोटेशन भेजें, मात्रा 5,000 नग।',
  },
  {
    name: 'فاطمة المنصوري',
    email: 'fatima@gulf-valves.example',
    company: 'Gulf Petrochemical Valve & Flange Trading Establishment LLC',
    message: 'Slip-on flanges for a refinery in Jebel Ali; CIF, third-party inspection before dispatch.',
  },
];

// Nine journeys on one server, each through Chromium and a mail server (CPU about 35 s; wall time follows the machine's load).
t.setTimeout(6 * 60_000);

const SUBJECT = 'Quote request: Flanges';
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

async function journeys(): Promise<void> {
  const dovecot = await startDovecot();
  t.teardown(() => dovecot.close());
  const smtp = await testSmtp();
  t.teardown(smtp.close);
  const { server, browser, clock } = await startBrowserSuite(t, {
    ...TEST_ADMIN_ENV,
    ENQUIRY_RATE_LIMIT: '100',
    SMTP_URL: smtp.url,
    NOTIFY_TO: 'owner@forge.test',
    NOTIFY_FROM: FROM,
    IMAP_URL: dovecot.url,
    // Read at start and while IDLE; the test polls when it needs to, no timer does.
    IMAP_POLL_SECONDS: '3600',
  });
  const replies = server.app.replies!;
  const mailbox = server.app.mailbox!;

  /** The messages the SMTP server accepted for `to`. */
  const receivedBy = (to: string): Received[] => smtp.state.received.filter((one) => one.to.includes(to));
  /** Of those, the desk's replies, and the acknowledgement each enquiry brings its buyer (issue #35). */
  const isReply = (mail: Received) => /^Subject: Re: /m.test(mail.raw);
  const repliesTo = (to: string) => receivedBy(to).filter(isReply);
  const acknowledgementsTo = (to: string) => receivedBy(to).filter((mail) => !isReply(mail));
  /** Each buyer's enquiry: its number, as the page thanking them showed it, and its acknowledgement. */
  const asked = new Map<string, { reference: number; acknowledgement: ParsedMail }>();

  /**
   * A buyer on a product page: Request a Quote, the form filled in at a person's pace, with a
   * drawing; thanked with the reference number, which their acknowledgement e-mail carries.
   */
  async function buyerAsks(t: Test, buyer: Buyer): Promise<void> {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/products/flanges`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Request a Quote' }).click();
    await page.waitForURL('**/contact?product=flanges#enquiry-form');
    await waitForHydration(page);
    await page.locator('#enquiry-name').fill(buyer.name);
    await page.locator('#enquiry-email').fill(buyer.email);
    await page.locator('#enquiry-phone').fill('+91 98250 12345');
    await page.locator('#enquiry-message').fill(buyer.message);
    await page.getByLabel('Company').fill(buyer.company);
    await page.getByLabel('Quantity').fill('500');
    await page
      .getByLabel('Drawings')
      .setInputFiles([
        { name: SAMPLE_DRAWINGS.pdf.name, mimeType: 'application/pdf', buffer: SAMPLE_DRAWINGS.pdf.bytes },
      ]);
    clock.advance(A_PERSONS_PACE_MS);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thank you for contacting us! We will get back to you soon.').waitFor();
    const thanks = await page.locator('.form-status .notice--success').innerText();
    const reference = Number(/Your reference number is #(\d+)\./.exec(thanks)?.[1]);
    t.ok(reference > 0, `thanked with the reference number (#${reference})`);
    t.same(problems, [], `no console errors for ${buyer.name}`);
    await context.close();

    const sent = await smtp.waitFor(`Reference number: #${reference}`);
    t.same(sent.to, [buyer.email], 'the acknowledgement goes to the buyer');
    const acknowledgement = await simpleParser(sent.raw);
    t.equal(
      acknowledgement.subject,
      `Your enquiry to Example Forgings [#${reference}]: ${SUBJECT}`,
      '[#n] in its subject',
    );
    for (const line of [
      `Dear ${buyer.name},`,
      'Our business hours (Asia/Kolkata time):',
      '  Monday & Tuesday:',
      buyer.message,
      'The drawing we received:',
      `  - ${SAMPLE_DRAWINGS.pdf.name} (${formatBytes(SAMPLE_DRAWINGS.pdf.bytes.length)})`,
    ])
      t.ok(acknowledgement.text!.includes(line), `it says ${line}`);
    asked.set(buyer.email, { reference, acknowledgement });
  }

  /** The admin, signed in on a new browser: `viewport`, with or without JavaScript. */
  async function adminAt(
    viewport: { width: number; height: number },
    javaScript: boolean,
  ): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport, acceptDownloads: true });
    // Without JavaScript: the scripts never arrive (as with them blocked), the pages stay server-rendered.
    if (!javaScript) await context.route('**/assets/*.js', (route) => route.abort());
    const page = await context.newPage();
    const problems = javaScript ? watchConsole(page) : [];
    await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript });
    return { context, page, problems };
  }

  const timeline = (page: Page) => page.locator('.timeline__items > li');
  const replyItem = (page: Page, text: string) =>
    timeline(page)
      .filter({ has: page.getByRole('heading', { name: /^Reply( sent| being sent|: Not sent)/ }) })
      .filter({ hasText: text });

  /** The first reply's Message-ID, for the buyer's answer (journey 2). */
  let thread: { id: number; buyer: Buyer; messageId: string; subject: string } | undefined;

  const combinations = [
    { viewport: PHONE, javaScript: true },
    { viewport: DESKTOP, javaScript: false },
    { viewport: PHONE, javaScript: false },
    { viewport: DESKTOP, javaScript: true },
  ];
  for (const [n, { viewport, javaScript }] of combinations.entries()) {
    const buyer = BUYERS[n]!;
    const how = `${viewport.width} px, ${javaScript ? 'with' : 'without'} JavaScript`;
    t.test(`1. a buyer asks for a quote, the admin replies with the drawing (${how})`, async (t) => {
      await buyerAsks(t, buyer);
      const { context, page, problems } = await adminAt(viewport, javaScript);
      const row = inboxRow(page, buyer.name);
      t.ok(await row.isVisible(), 'the enquiry is in the Inbox');
      const id = await openEnquiry(page, row, { javaScript });
      t.equal(id, asked.get(buyer.email)!.reference, 'the number the buyer was given');
      t.equal(
        await page.locator('[data-delivery="acknowledgement"]').innerText(),
        'Acknowledgement to the buyer sent.',
        "the acknowledgement's state on the enquiry",
      );
      clock.advance(A_PERSONS_PACE_MS);
      const text = `Dear ${buyer.name},\n\nthank you for enquiry #${id}. Our offer for 500 flanges follows; the drawing is attached for reference.\n\nRegards,\nSales`;
      await page.getByRole('textbox', { name: 'Reply', exact: true }).fill(text);
      await page.getByRole('checkbox', { name: new RegExp(SAMPLE_DRAWINGS.pdf.name.replace('.', '\\.')) }).check();
      await page.getByRole('button', { name: 'Send reply' }).click();
      await doneSays(page, `Reply saved and being sent to ${buyer.email}; its delivery shows in the timeline.`);
      const justSent = replyItem(page, 'Our offer for 500 flanges follows');
      t.match(
        await justSent.locator('.timeline__delivery').innerText(),
        /^(Being sent: the reply is not yet accepted by the mail server|Accepted by the mail server)\.$/,
        'the timeline shows the reply at once, with its delivery',
      );

      const sent = await smtp.waitFor(`enquiry #${id}. Our offer for 500 flanges follows`);
      t.equal(sent.to.join(), buyer.email, 'to the buyer');
      t.equal(repliesTo(buyer.email).length, 1, 'exactly one reply to the buyer');
      t.equal(acknowledgementsTo(buyer.email).length, 1, 'beside the one acknowledgement');
      const mail = await simpleParser(sent.raw);
      t.equal(mail.subject, `Re: ${SUBJECT} [#${id}]`);
      t.equal(mail.from?.value[0]?.address, FROM, 'from NOTIFY_FROM');
      const messageId = mail.messageId?.replace(/^<|>$/g, '');
      t.match(messageId, /^[^@\s]+@[^@\s]+$/, 'with a Message-ID');
      t.same(
        mail.attachments.map((file) => [file.filename, sha256(file.content)]),
        [[SAMPLE_DRAWINGS.pdf.name, sha256(SAMPLE_DRAWINGS.pdf.bytes)]],
        'the ticked drawing is attached, the same bytes',
      );

      // The page as it is now (reloaded: the delivery as the server has it).
      await page.reload();
      if (javaScript) await waitForHydration(page);
      const item = replyItem(page, 'Our offer for 500 flanges follows');
      t.equal(await item.count(), 1, 'the timeline shows the reply');
      t.equal(
        await item.locator('.timeline__delivery').innerText(),
        'Accepted by the mail server.',
        'with its delivery',
      );
      t.equal(await item.getByRole('heading', { name: 'Reply sent' }).count(), 1, '"Reply sent" once it is');
      t.equal(
        await timeline(page).getByRole('heading', { name: 'Stage changed: New → Open' }).count(),
        1,
        'and New → Open once the mail server accepted it, in the words of the stages',
      );
      t.equal(await item.getByRole('link', { name: SAMPLE_DRAWINGS.pdf.name }).count(), 1, 'and its file');
      t.equal(await page.getByLabel('Stage', { exact: true }).inputValue(), 'open', 'the stage is Open');

      await backToList(page, { javaScript });
      t.match(await inboxRow(page, buyer.name).locator('.inbox-row__awaiting').innerText(), /awaiting buyer/);
      t.same(problems, [], 'no console errors');
      if (n === 3) thread = { id, buyer, messageId: messageId!, subject: mail.subject! };
      await context.close();
    });
  }

  const PDF = { name: 'Offer accepted – PO 4711.pdf', bytes: Buffer.from('%PDF-1.4\n% purchase order\n%%EOF\n') };
  const ANSWER =
    'Thank you, we accept. Please see our specification at https://buyer.example/spec/4711 and the PO attached.';

  t.test('2. the buyer answers by e-mail: unread, awaiting us, the text, quoted history, the PDF', async (t) => {
    const { id, buyer, messageId, subject } = thread!;
    dovecot.deliver(
      rfc822({
        from: buyer.email,
        subject,
        inReplyTo: messageId,
        text: `${ANSWER}\n\nOn Wed, 25 Nov 2026, Sales <${FROM}> wrote:\n> Dear ${buyer.name},\n> Our offer for 500 flanges follows.`,
        attachments: [{ name: PDF.name, type: 'application/pdf', bytes: PDF.bytes }],
      }),
    );
    // The timer that would read the mailbox, run now: until the reply is in (IDLE may have taken it first).
    const page0 = await adminAt(DESKTOP, true);
    const { context, page, problems } = page0;
    for (;;) {
      await mailbox.pollOnce();
      await page.reload();
      await waitForHydration(page);
      if (await inboxRow(page, buyer.name).locator('.inbox-row__awaiting--us').count()) break;
    }
    const row = inboxRow(page, buyer.name);
    t.match(await row.getAttribute('class'), /inbox-row--unread/, 'unread');
    t.match(await row.locator('.inbox-row__awaiting').innerText(), /awaiting us/);
    t.equal(await openEnquiry(page, row), id, 'the row opens the enquiry');
    const item = timeline(page).filter({ has: page.getByRole('heading', { name: 'Reply received' }) });
    t.equal(await item.count(), 1, 'the reply is in the timeline, once');
    t.match(await item.locator('.timeline__meta').innerText(), buyer.email, 'from the buyer');
    t.match(await item.locator('pre.timeline__body').first().innerText(), 'Thank you, we accept.');
    const quoted = item.locator('details.timeline__quoted');
    t.notOk(await quoted.evaluate((details: HTMLDetailsElement) => details.open), 'the history is folded');
    t.notOk(await quoted.getByText('> Dear').isVisible(), 'the quoted lines are hidden');
    await quoted.getByText('Quoted history').click();
    t.ok(await quoted.getByText(/Our offer for 500 flanges follows/).isVisible(), 'and shown on request');

    const downloading = page.waitForEvent('download');
    await item.getByRole('link', { name: PDF.name }).click();
    const download = await downloading;
    t.equal(download.suggestedFilename(), PDF.name);
    t.equal(sha256(readFileSync(await download.path())), sha256(PDF.bytes), 'the same bytes');
    t.match(
      await page.locator('.enquiry-page__drawings li').filter({ hasText: PDF.name }).innerText(),
      /From the buyer's reply of /,
      "among the enquiry's drawings, marked as from the reply",
    );

    const url = 'https://buyer.example/spec/4711';
    t.equal(await item.getByRole('link', { name: url }).count(), 0, 'the URL is text');
    await page.getByRole('link', { name: 'Make links clickable' }).click();
    await page.waitForURL((address) => address.searchParams.get('links') === '1');
    await waitForHydration(page);
    const link = timeline(page).getByRole('link', { name: url });
    t.equal(await link.getAttribute('rel'), 'noopener noreferrer nofollow ugc');
    t.equal(await link.getAttribute('target'), '_blank');
    t.same(problems, [], 'no console errors');
    await context.close();
  });

  t.test("5. the buyer answers the acknowledgement by e-mail: the answer joins the enquiry's thread", async (t) => {
    const buyer = BUYERS[0]!;
    const { reference, acknowledgement } = asked.get(buyer.email)!;
    const ANSWERED = 'One more thing: we also need 200 blind flanges, same class.';
    // As a mail program answers it: Re: its subject, In-Reply-To its Message-ID (the desk keeps none:
    // the [#n] of the subject, from the enquiry's own address, is what matches).
    dovecot.deliver(
      rfc822({
        from: buyer.email,
        subject: `Re: ${acknowledgement.subject!}`,
        inReplyTo: acknowledgement.messageId!.replace(/^<|>$/g, ''),
        text: `${ANSWERED}\n\nOn Wed, 25 Nov 2026, Example Forgings <${FROM}> wrote:\n> Dear ${buyer.name},`,
      }),
    );
    const received = server.app.db.prepare(
      "SELECT enquiry_id FROM enquiry_messages WHERE direction = 'received' AND body LIKE ?",
    );
    // The timer that would read the mailbox, run now: until the answer is in (IDLE may have taken it
    // first; Dovecot may see the new file only a moment later).
    while (!received.get(`${ANSWERED}%`)) await mailbox.pollOnce();
    t.same(received.get(`${ANSWERED}%`), { enquiry_id: reference }, `stored in #${reference}'s thread`);
    const { context, page, problems } = await adminAt(DESKTOP, true);
    await page.goto(`${server.url}/admin/enquiries/${reference}`);
    await waitForHydration(page);
    const item = timeline(page).filter({ has: page.getByRole('heading', { name: 'Reply received' }) });
    t.match(
      await item.locator('pre.timeline__body').first().innerText(),
      ANSWERED,
      'the admin reads it in the timeline',
    );
    t.same(problems, [], 'no console errors');
    await context.close();
  });

  t.test('4. an empty reply is refused beside the field (with JavaScript)', async (t) => {
    const { id, buyer } = thread!;
    const { context, page, problems } = await adminAt(DESKTOP, true);
    await page.goto(`${server.url}/admin/enquiries/${id}`);
    await waitForHydration(page);
    const field = page.getByRole('textbox', { name: 'Reply', exact: true });
    await field.fill('  \n  ');
    await page.getByRole('button', { name: 'Send reply' }).click();
    const error = page.locator(`#enquiry-${id}-reply-body-error`);
    await error.waitFor();
    t.equal(await error.innerText(), 'Write the reply first.');
    t.ok(await field.evaluate((element) => element === document.activeElement), 'the focus is on the field');
    t.equal(await field.getAttribute('aria-describedby'), `enquiry-${id}-reply-body-error`);
    t.equal(receivedBy(buyer.email).length, 2, 'nothing more was sent (the acknowledgement and the reply)');
    t.same(
      problems.filter((problem) => !/status of 400/.test(problem)),
      [],
      'no console errors (but the refused request)',
    );
    await context.close();
  });

  t.test('4. an empty reply is refused, the text kept (without JavaScript)', async (t) => {
    const { id } = thread!;
    const { context, page } = await adminAt(PHONE, false);
    await page.goto(`${server.url}/admin/enquiries/${id}`);
    const field = page.getByRole('textbox', { name: 'Reply', exact: true });
    await field.fill('   ');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.locator(`#enquiry-${id}-reply-body-error`).waitFor();
    t.equal(await page.locator(`#enquiry-${id}-reply-body-error`).innerText(), 'Write the reply first.');
    t.equal(await field.inputValue(), '   ', 'the text is kept');
    t.equal(await field.getAttribute('aria-invalid'), 'true');
    await context.close();
  });

  t.test('4. the mail server refuses: pending with the error, then sent after the backoff', async (t) => {
    const { id, buyer } = thread!;
    const { context, page, problems } = await adminAt(DESKTOP, true);
    await page.goto(`${server.url}/admin/enquiries/${id}`);
    await waitForHydration(page);
    smtp.state.refusing = true;
    await page
      .getByRole('textbox', { name: 'Reply', exact: true })
      .fill('The revised offer: 4 % less for 1,000 pieces.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await doneSays(page, `Reply saved and being sent to ${buyer.email}`);
    // The queue's first try (its timer, run now), refused.
    await replies.queue.run();
    await page.reload();
    await waitForHydration(page);
    const item = () => replyItem(page, 'The revised offer');
    t.match(
      await item().locator('.timeline__delivery').innerText(),
      /^Not sent yet after 1 try: the mail server is busy and asked to try later\. It is tried again shortly\. \(The mail server said: .*451 Mailbox busy, try later.*\)$/,
      'pending, with the error',
    );
    smtp.state.refusing = false;
    clock.advance(61_000);
    await replies.queue.run();
    await page.reload();
    await waitForHydration(page);
    t.equal(await item().locator('.timeline__delivery').innerText(), 'Accepted by the mail server.');
    t.equal(repliesTo(buyer.email).length, 2, 'the second reply arrived, once');
    t.equal(acknowledgementsTo(buyer.email).length, 1, 'and the acknowledgement was not sent again');
    t.same(problems, [], 'no console errors');
    await context.close();
  });

  t.test('3. Quoted proposes a follow-up; once past it, the Due view lists the enquiry', async (t) => {
    const { id, buyer } = thread!;
    const { context, page, problems } = await adminAt(DESKTOP, true);
    await page.goto(`${server.url}/admin/enquiries/${id}`);
    await waitForHydration(page);
    await page.getByLabel('Stage', { exact: true }).selectOption('quoted');
    await page.getByRole('button', { name: 'Set stage' }).click();
    const done = await doneSays(page, new RegExp(`^Stage of #${id} set to Quoted\\. Follow-up on \\d{1,2} \\w{3}`));
    const day = /Follow-up on (\d{1,2} \w{3}( \d{4})?)\./.exec(await done.innerText())?.[1];
    t.ok(day, `the message names a date (${day})`);
    t.match(
      await page.getByText(/^Next action on /).innerText(),
      `Next action on ${day}`,
      'the follow-up is on the page at once, on that date',
    );
    await context.close();
    t.same(problems, [], 'no console errors');

    clock.advance(8 * DAY_MS);
    const later = await adminAt(DESKTOP, true);
    await later.page.getByRole('link', { name: /^Due \(\d+\)$/ }).click();
    await later.page.waitForURL((url) => url.searchParams.get('view') === 'due');
    await waitForHydration(later.page);
    const row = inboxRow(later.page, buyer.name);
    t.equal(await row.count(), 1, 'the Due view lists it');
    t.match(await row.locator('.inbox-row__follow-up').innerText(), /overdue/);
    t.same(later.problems, [], 'no console errors');
    await later.context.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    t.test(`5. the full thread at ${viewport.width} px: axe clean, no console errors`, async (t) => {
      const { id } = thread!;
      const { context, page, problems } = await adminAt(viewport, true);
      await page.goto(`${server.url}/admin/enquiries/${id}`);
      await waitForHydration(page);
      t.same(await violations(page), [], 'no WCAG violations');
      await page.screenshot({ path: `/tmp/thread-${viewport.width}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      t.ok(overflow <= 0, `nothing wider than the screen (${overflow} px over)`);
      t.same(problems, [], 'no console errors');
      await context.close();
    });
  }

  t.test(
    '6. the mail server down: the heading, the row and the header say the reply was not sent; Retry once it is back',
    async (t) => {
      const { id, buyer } = thread!;
      const port = Number(new URL(smtp.url).port);
      await smtp.close(); // nothing listens there now: the connection is refused
      const writing = await adminAt(DESKTOP, true);
      await writing.page.goto(`${server.url}/admin/enquiries/${id}`);
      await waitForHydration(writing.page);
      await writing.page.getByRole('textbox', { name: 'Reply', exact: true }).fill('Dispatch is planned for week 12.');
      await writing.page.getByRole('button', { name: 'Send reply' }).click();
      await doneSays(writing.page, `Reply saved and being sent to ${buyer.email}`);
      await writing.context.close();
      // Its six tries over about an hour, by the test clock.
      for (const minutes of [0, 1, 4, 10, 20, 30]) {
        clock.advance(minutes * 60_000 + 1000);
        await replies.queue.run();
      }

      const { context, page, problems } = await adminAt(DESKTOP, true);
      const NOT_SENT = 'Not sent — the mail server refused the connection';
      t.match(await inboxRow(page, buyer.name).locator('.inbox-row__reply').innerText(), NOT_SENT, 'the row says so');
      t.match(await page.locator('.admin-bar__count--failed').innerText(), /^1 not sent/, 'counted in the header');
      await openEnquiry(page, inboxRow(page, buyer.name), { javaScript: true });
      const item = replyItem(page, 'Dispatch is planned for week 12.');
      t.equal(await item.getByRole('heading', { name: `Reply: ${NOT_SENT}` }).count(), 1, 'the heading says so');
      t.equal(await item.getByRole('link', { name: 'Edit' }).count(), 1, 'with Edit');

      const back = await testSmtp(port);
      t.teardown(back.close);
      await item.getByRole('button', { name: 'Retry' }).click();
      await doneSays(page, `Trying again to send the reply to ${buyer.email}`);
      const mail = await back.waitFor('Dispatch is planned for week 12.');
      t.same(mail.to, [buyer.email], 'the reply arrives at the mail server once it is back');
      await replies.queue.run();
      await page.reload();
      await waitForHydration(page);
      t.equal(await item.getByRole('heading', { name: 'Reply sent' }).count(), 1, 'then "Reply sent"');
      t.equal(await page.locator('.admin-bar__count--failed').count(), 0, 'no longer counted');
      t.same(problems, [], 'no console errors');
      await context.close();
    },
  );
}

// Dovecot is the buyer's side of the thread: without it, the file says why and runs nothing.
if (withoutDovecot) t.plan(0, withoutDovecot);
else await journeys();
