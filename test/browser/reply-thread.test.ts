import { readFileSync } from 'node:fs';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import type { EnquiryList } from '../../shared/admin/desk.js';
import { ADMIN_TEXT, REPLY_TEXT } from '../../shared/admin/texts.js';
import { SUCCESS_MESSAGE } from '../../shared/enquiry/messages.js';
import { formatBytes } from '../../shared/enquiry/quote.js';
import { THANK_YOU_PATH } from '../../shared/routes.js';
import { formatForPeople } from '../../shared/time/time-zone.js';
import {
  backToList,
  doneSays,
  inboxRow,
  inboxRows,
  openEnquiry,
  signInWithBrowser,
  stageButton,
  stageShown,
  startBrowserSuite,
  waitForHydration,
  watchConsole,
} from '../helpers/browser.js';
import { A_PERSONS_PACE_MS, DAY_MS } from '../helpers/clock.js';
import { startDovecot, withoutDovecot } from '../helpers/dovecot.js';
import { SAMPLE_DRAWINGS, sha256, type Upload } from '../helpers/drawings.js';
import { rfc822 } from '../helpers/mail-messages.js';
import { freePort } from '../helpers/server.js';
import { isAcknowledgement, testSmtp, type Received } from '../helpers/smtp.js';
import {
  BUYERS,
  RESENDER,
  RESENT_DRAWING,
  RFQ_BUYER,
  RFQ_DRAWING,
  SPAM_BUYER,
  SPAM_DRAWING,
  TRANSFERS,
  UNSENT_BUYER,
  type Buyer,
} from '../helpers/thread-buyers.js';

/**
 * The reply thread as people live it: a buyer asks for a quote on a product page, the admin answers
 * from the enquiry's page, the buyer's answer comes back through the mailbox into the timeline, the
 * quote is followed up when due; and issue #35's cases: an answer surfaces and is mailed, a resend
 * with changes is kept, an RFQ with file-transfer links is no spam, Spam keeps drawings, a failed reply
 * leaves the stage, the notification's link. Asserted where it lands: the SMTP server's message, the
 * timeline, the list the admin sees, the bytes downloaded.
 */
const FROM = 'sales@forge.test';

const SUBJECT = 'Quote request: Flanges';
const TIME_ZONE = 'Asia/Kolkata';
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

async function journeys(): Promise<void> {
  const dovecot = await startDovecot();
  t.teardown(() => dovecot.close());
  const smtp = await testSmtp();
  t.teardown(smtp.close);
  // SITE_URL names the test server: the links of the desk's e-mails open in the browser as they are.
  const port = await freePort();
  const { server, browser, clock } = await startBrowserSuite(
    t,
    {
      ...TEST_ADMIN_ENV,
      SITE_URL: `http://127.0.0.1:${port}`,
      SITE_TIME_ZONE: TIME_ZONE,
      ENQUIRY_RATE_LIMIT: '100',
      SMTP_URL: smtp.url,
      NOTIFY_TO: 'owner@forge.test',
      NOTIFY_FROM: FROM,
      IMAP_URL: dovecot.url,
      // Read at start and while IDLE; the test polls when it needs to, no timer does.
      IMAP_POLL_SECONDS: '3600',
    },
    port,
  );
  const replies = server.app.replies!;
  const mailbox = server.app.mailbox!;

  /** The desk's messages the SMTP server accepted for `to`: its replies, not the acknowledgement each enquiry brings. */
  const receivedBy = (to: string): Received[] =>
    smtp.state.received.filter((one) => one.to.includes(to) && !isAcknowledgement(one));
  /** The acknowledgements each enquiry brings its buyer (issue #35). */
  const acknowledgementsTo = (to: string) =>
    smtp.state.received.filter((one) => one.to.includes(to) && isAcknowledgement(one));
  /** Each buyer's enquiry: its number, as the page thanking them showed it, and its acknowledgement. */
  const asked = new Map<string, { reference: number; acknowledgement: ParsedMail }>();

  /** A buyer on a product page: Request a Quote, the form filled in (with JavaScript when the page runs it). */
  async function fillQuote(page: Page, buyer: Buyer, quantity: string, drawings: Upload[], javaScript = true) {
    await page.goto(`${server.url}/products/flanges`);
    if (javaScript) await waitForHydration(page);
    await page.getByRole('main').getByRole('link', { name: 'Request a Quote' }).click();
    await page.waitForURL('**/contact?product=flanges#enquiry-form');
    if (javaScript) await waitForHydration(page);
    await page.locator('#enquiry-name').fill(buyer.name);
    await page.locator('#enquiry-email').fill(buyer.email);
    await page.locator('#enquiry-phone').fill('+91 98250 12345');
    await page.locator('#enquiry-message').fill(buyer.message);
    await page.getByLabel('Company').fill(buyer.company);
    await page.getByLabel(/^Quantity/).fill(quantity);
    const files = drawings.map(({ name, bytes }) => ({ name, mimeType: 'application/pdf', buffer: bytes }));
    await page.getByLabel('Drawings').setInputFiles(files);
  }

  /** Send Message, and the buyer is thanked: in the page with JavaScript, on the thank-you page without. */
  async function sendQuote(page: Page, javaScript = true) {
    await page.getByRole('button', { name: 'Send Message' }).click();
    if (javaScript) await page.getByText(SUCCESS_MESSAGE).waitFor();
    else await page.waitForURL((url) => url.pathname === THANK_YOU_PATH);
  }

  /**
   * A buyer asks for a quote at a person's pace, with a drawing; thanked with the reference number,
   * which their acknowledgement e-mail carries.
   */
  async function buyerAsks(t: Test, buyer: Buyer): Promise<void> {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await fillQuote(page, buyer, '500', [SAMPLE_DRAWINGS.pdf]);
    clock.advance(A_PERSONS_PACE_MS);
    await sendQuote(page);
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
      buyer.message,
      'The drawing we received:',
      `  - ${SAMPLE_DRAWINGS.pdf.name} (${formatBytes(SAMPLE_DRAWINGS.pdf.bytes.length)})`,
    ])
      t.ok(acknowledgement.text!.includes(line), `it says ${line}`);
    asked.set(buyer.email, { reference, acknowledgement });
  }

  /** The desk's search box, as the admin types in it: the numbers of the enquiries the list then shows. */
  async function searchFinds(page: Page, query: string): Promise<number[]> {
    const answered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/admin/api/enquiries' &&
        new URL(response.url()).searchParams.get('q') === query,
    );
    await page.getByRole('searchbox', { name: 'Search enquiries' }).fill(query);
    const ids = ((await (await answered).json()) as EnquiryList).enquiries.map((enquiry) => enquiry.id);
    await page.waitForFunction(
      (shown) => [...document.querySelectorAll('.inbox-row')].map((row) => row.id).join() === shown,
      ids.map((id) => `enquiry-${id}`).join(),
    );
    return ids;
  }

  /** The number of the list's first row. */
  const firstRow = async (page: Page) => Number((await inboxRows(page).first().getAttribute('id'))?.slice(8));

  /** Clicks a drawing's link as the admin does: the file downloaded, its name and its bytes' hash. */
  async function download(page: Page, link: Locator): Promise<[string, string]> {
    const downloading = page.waitForEvent('download');
    await link.click();
    const file = await downloading;
    return [file.suggestedFilename(), sha256(readFileSync(await file.path()))];
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
      t.equal(receivedBy(buyer.email).length, 1, 'exactly one reply to the buyer');
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
      t.equal(await stageShown(page), 'open', 'the stage is Open');

      await backToList(page, { javaScript });
      t.match(await inboxRow(page, buyer.name).locator('.inbox-row__awaiting').innerText(), /awaiting buyer/);
      t.same(problems, [], 'no console errors');
      // The first thread: three newer ones are above it in the list until its buyer answers (journey 2).
      if (n === 0) thread = { id, buyer, messageId: messageId!, subject: mail.subject! };
      await context.close();
    });
  }

  const PDF = { name: 'Offer accepted – PO 4711.pdf', bytes: Buffer.from('%PDF-1.4\n% purchase order\n%%EOF\n') };
  const ANSWER =
    'Thank you, we accept. Please revise item 2 to DN 80; our specification is at https://buyer.example/spec/4711 and the PO attached.';

  t.test('2. the buyer answers by e-mail: on top, unread, awaiting us, the text, quoted history, a PDF', async (t) => {
    const { id, buyer, messageId, subject } = thread!;
    const { context, page, problems } = await adminAt(DESKTOP, true);
    t.not(await firstRow(page), id, 'before the answer, newer threads are above it');
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
    for (;;) {
      await mailbox.pollOnce();
      await page.reload();
      await waitForHydration(page);
      if (await inboxRow(page, buyer.name).locator('.inbox-row__awaiting--us').count()) break;
    }
    t.equal(await firstRow(page), id, "the Inbox's first row: its last message is the buyer's");
    t.match(await inboxRow(page, buyer.name).getAttribute('class'), /inbox-row--unread/, 'unread');
    await page.getByRole('link', { name: /^Unread \(\d+\)$/ }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'unread');
    t.equal(await firstRow(page), id, "Unread's first row");

    // Three hours later the admin looks at Awaiting us.
    clock.advance(3 * 60 * 60_000);
    await page.getByRole('link', { name: /^Awaiting us \(\d+\)$/ }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'awaiting');
    await waitForHydration(page);
    const row = inboxRow(page, buyer.name);
    t.match(
      await row.locator('.inbox-row__awaiting').innerText(),
      /^awaiting us\b[\s\S]*\b3 h\b/,
      'with how long it waits',
    );

    // The mail to the admin, once its wait (which gathers a burst of answers) is over.
    await server.app.answerMail!.sendNow();
    const answerMail = await smtp.waitFor('revise item 2 to DN 80');
    t.same(answerMail.to, ['owner@forge.test'], 'the admin is e-mailed');
    const told = await simpleParser(answerMail.raw);
    t.equal(told.subject, `${buyer.name} answered: ${SUBJECT} [#${id}]`, 'its subject with [#n]');
    t.ok(
      told.text?.split(/\r?\n/).includes(`Read it and reply from the desk: ${server.url}/admin/enquiries/${id}`),
      "with the link to the enquiry's page",
    );

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

    t.same(
      await download(page, item.getByRole('link', { name: PDF.name })),
      [PDF.name, sha256(PDF.bytes)],
      'the PDF downloads, the same bytes',
    );
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

    await backToList(page);
    t.same(await searchFinds(page, 'revise'), [id], "the search box finds a word only in the buyer's answer");
    t.same(await searchFinds(page, 'Offer accepted'), [id], "and the name of the answer's attachment");
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
    // The timer that would read the mailbox, run now: until the answer is in.
    while (!received.get(`${ANSWERED}%`)) await mailbox.pollOnce();
    t.same(received.get(`${ANSWERED}%`), { enquiry_id: reference }, `stored in #${reference}'s thread`);
    const { context, page, problems } = await adminAt(DESKTOP, true);
    await page.goto(`${server.url}/admin/enquiries/${reference}`);
    await waitForHydration(page);
    const item = timeline(page)
      .filter({ has: page.getByRole('heading', { name: 'Reply received' }) })
      .filter({ hasText: ANSWERED });
    t.equal(await item.count(), 1, 'the admin reads it in the timeline, once');
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
    t.equal(receivedBy(buyer.email).length, 1, 'nothing more was sent');
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
      /^Not sent yet after 1 try: the mail server is busy and asked to try later\. It is tried again shortly\.$/,
      'pending, in plain words',
    );
    await item().locator('.timeline__details summary').click();
    t.match(
      await item().locator('.timeline__details p').innerText(),
      /^The mail server said: .*451 Mailbox busy, try later/,
      'the mail server’s words behind "Details"',
    );
    smtp.state.refusing = false;
    clock.advance(61_000);
    await replies.queue.run();
    await page.reload();
    await waitForHydration(page);
    t.equal(await item().locator('.timeline__delivery').innerText(), 'Accepted by the mail server.');
    t.equal(receivedBy(buyer.email).length, 2, 'the second reply arrived, once');
    t.same(problems, [], 'no console errors');
    await context.close();
  });

  t.test('3. Quoted proposes a follow-up; once past it, the Due view lists the enquiry', async (t) => {
    const { id, buyer } = thread!;
    const { context, page, problems } = await adminAt(DESKTOP, true);
    await page.goto(`${server.url}/admin/enquiries/${id}`);
    await waitForHydration(page);
    await stageButton(page, 'quoted').click();
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
    '7. the same buyer sends twice, 1 s apart: quantity 100, then 400 with a drawing; both kept, linked',
    async (t) => {
      // Two tabs of the form, as a buyer who heard nothing has them: sent one after the other.
      const buyerSide = await browser.newContext({ viewport: DESKTOP });
      const [first, second] = [await buyerSide.newPage(), await buyerSide.newPage()];
      await fillQuote(first, RESENDER, '100', []);
      await fillQuote(second, RESENDER, '400', [RESENT_DRAWING]);
      clock.advance(A_PERSONS_PACE_MS);
      await sendQuote(first);
      clock.advance(1000);
      await sendQuote(second);
      await buyerSide.close();

      const { context, page, problems } = await adminAt(DESKTOP, true);
      const rows = inboxRow(page, RESENDER.name);
      t.equal(await rows.count(), 2, 'both in the Inbox');
      const earlier = Number((await rows.nth(1).getAttribute('id'))?.slice(8));
      await openEnquiry(page, rows.first());
      t.equal(
        await page.getByText(/^Resent with changes of enquiry #/).innerText(),
        `Resent with changes of enquiry #${earlier}, sent by the same sender shortly before. Both are kept, each with its own fields and drawings.`,
      );
      t.match(await page.locator('.enquiry-page__details').innerText(), /400 pieces/, 'the quantity of the resend');
      t.same(
        await download(page, page.locator('.enquiry-page__drawings').getByRole('link', { name: RESENT_DRAWING.name })),
        [RESENT_DRAWING.name, sha256(RESENT_DRAWING.bytes)],
        'its drawing, downloaded from the desk, has the same bytes',
      );
      t.equal(await page.getByText(/^Sent \d+ times$/).count(), 0, 'not counted as a repeat');
      await page.getByRole('link', { name: `enquiry #${earlier}` }).click();
      await page.getByRole('heading', { level: 1, name: new RegExp(`^#${earlier} `) }).waitFor();
      t.match(await page.locator('.enquiry-page__details').innerText(), /100 pieces/, 'the first, as it was sent');
      t.equal(await page.locator('.enquiry-page__drawings').count(), 0, 'without a drawing');
      t.same(problems, [], 'no console errors');
      await context.close();
    },
  );

  let rfq: number | undefined;

  t.test(
    '8. an RFQ with three transfer links, a website and a drawing: Inbox; a Spam one restored whole',
    async (t) => {
      const buyerSide = await browser.newContext({ viewport: PHONE });
      const form = await buyerSide.newPage();
      await fillQuote(form, RFQ_BUYER, '250', [RFQ_DRAWING]);
      clock.advance(A_PERSONS_PACE_MS);
      await sendQuote(form);
      await buyerSide.close();
      // A form left open for a week, sent without JavaScript: its token has expired, and with links that is Spam.
      const staleSide = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
      const stale = await staleSide.newPage();
      await fillQuote(stale, SPAM_BUYER, '60', [SPAM_DRAWING], false);
      clock.advance(8 * DAY_MS);
      await sendQuote(stale, false);
      await staleSide.close();

      const { context, page, problems } = await adminAt(DESKTOP, true);
      rfq = await openEnquiry(page, inboxRow(page, RFQ_BUYER.name));
      t.equal(await page.getByText(/^Spam: /).count(), 0, 'in the Inbox, not Spam');
      t.same(
        await page.locator('.enquiry-page__transfers li').allInnerTexts(),
        [`WeTransfer ${TRANSFERS[0]}`, `Google Drive ${TRANSFERS[1]}`, `Dropbox ${TRANSFERS[2]}`],
        'the transfer links, named by their service',
      );
      const drawings = page.locator('.enquiry-page__drawings');
      t.equal(await drawings.getByRole('link', { name: RFQ_DRAWING.name }).count(), 1, 'its drawing kept');

      await backToList(page);
      await page.getByRole('link', { name: /^Spam \(\d+\)$/ }).click();
      await page.waitForURL((url) => url.searchParams.get('view') === 'spam');
      await waitForHydration(page);
      const spam = await openEnquiry(page, inboxRow(page, SPAM_BUYER.name));
      t.match(
        await page.getByText(/^Spam: /).innerText(),
        /^Spam: The form was opened more than 7 days before it was sent\. With \d+ links in it\.$/,
        'in Spam, with why',
      );
      t.equal(await drawings.getByRole('link', { name: SPAM_DRAWING.name }).count(), 1, 'in Spam, its drawing kept');
      await page.getByRole('button', { name: 'Not spam', exact: true }).click();
      await doneSays(page, `Moved #${spam} back to the Inbox: not spam.`);
      await backToList(page);
      await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Inbox', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/admin' && !url.searchParams.has('view'));
      await waitForHydration(page);
      t.equal(await openEnquiry(page, inboxRow(page, SPAM_BUYER.name)), spam, 'back in the Inbox');
      t.equal(await page.locator('.enquiry-page__transfers li').count(), 3, 'whole: its transfer links');
      t.same(
        await download(page, drawings.getByRole('link', { name: SPAM_DRAWING.name })),
        [SPAM_DRAWING.name, sha256(SPAM_DRAWING.bytes)],
        'and its drawing, the same bytes',
      );
      t.same(problems, [], 'no console errors');
      await context.close();
    },
  );

  t.test(
    '9. the notification mail: [#n], the time in SITE_TIME_ZONE, its link opens the enquiry after sign-in',
    async (t) => {
      const id = rfq!;
      const mail = await simpleParser((await smtp.waitFor('RFQ AS-2026-117')).raw);
      t.match(mail.subject, new RegExp(`^New enquiry \\[#${id}\\]: `), 'its number in the subject');
      t.equal(mail.replyTo, undefined, 'no Reply-To: a reply goes from the desk');
      const [first] = mail.text!.split(/\r?\n/);
      t.equal(first, `Reply from the desk: ${server.url}/admin/enquiries/${id}`, 'first, the link to the enquiry');

      // The admin, signed out, follows the link from the mail program.
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(first!.slice('Reply from the desk: '.length));
      await waitForHydration(page);
      await page.getByLabel('Email').fill(TEST_ADMIN.email);
      await page.getByLabel('Password').fill(TEST_ADMIN.password);
      await page.getByRole('button', { name: ADMIN_TEXT.login }).click();
      await page.waitForURL((url) => url.pathname === `/admin/enquiries/${id}`);
      await page.getByRole('heading', { level: 1, name: new RegExp(`^#${id} `) }).waitFor();
      t.pass('signed in, the enquiry itself opens');
      const received = await page.locator('.enquiry-page__when time').getAttribute('datetime');
      t.match(
        mail.text,
        `Enquiry #${id} arrived on ${formatForPeople(received!, TIME_ZONE)}.`,
        'the time it came, as the desk shows it',
      );
      t.match(mail.text, /arrived on \w+day, \d{1,2} \w+ \d{4}, \d{1,2}:\d\d [ap]m GMT\+5:30 \(Asia\/Kolkata\)\./);
      t.same(problems, [], 'no console errors');
      await context.close();
    },
  );

  t.test(
    '10. a draft kept as it is typed, its CC too: the page left and opened again shows it; signed out mid-reply, a sign-in link brings it back; sent, the mail has the CC, the signature and the quote, and the draft is gone',
    async (t) => {
      const { id, buyer } = thread!;
      const { context, page, problems } = await adminAt(DESKTOP, true);
      const enquiryPage = `${server.url}/admin/enquiries/${id}`;
      await page.goto(enquiryPage);
      await waitForHydration(page);
      const field = page.getByRole('textbox', { name: 'Reply', exact: true });
      const cc = page.getByRole('textbox', { name: REPLY_TEXT.ccLabel, exact: true });
      const TEXT = 'Item 2 revised to DN 80: the new price follows.';
      const CC = 'purchase.office@ravi.example';
      const kept = page.waitForResponse(
        (response) => new URL(response.url()).pathname === `/admin/enquiries/${id}/draft` && response.status() === 200,
      );
      await cc.fill(CC);
      await field.fill(TEXT);
      await kept;
      await page.locator('.reply-form__draft', { hasText: 'Draft saved' }).waitFor();
      await page.goto(`${server.url}/admin`);
      await page.goto(enquiryPage);
      await waitForHydration(page);
      t.equal(await field.inputValue(), TEXT, 'the draft is back in the reply');
      t.equal(await cc.inputValue(), CC, 'and its CC');
      const draftOf = server.app.db.prepare<[number], { body: string }>(
        'SELECT body FROM reply_drafts WHERE enquiry_id = ?',
      );
      const signature = `Example Forgings\n+91 98765 43210\nhttp://127.0.0.1:${port}`;
      t.equal(await page.getByRole('textbox', { name: 'Signature' }).inputValue(), signature, 'the signature below it');

      // Signed out mid-reply (the session ends): the next save is refused; the text is kept, with a sign-in link.
      await context.clearCookies();
      const FINAL = `${TEXT} Delivery in 6 weeks.`;
      const refused = page.waitForResponse(
        (response) => new URL(response.url()).pathname === `/admin/enquiries/${id}/draft` && response.status() === 401,
      );
      await field.fill(FINAL);
      await refused;
      await page.getByRole('link', { name: REPLY_TEXT.signIn }).click();
      await page.getByLabel('Email').fill(TEST_ADMIN.email);
      await page.getByLabel('Password').fill(TEST_ADMIN.password);
      const resaved = page.waitForResponse(
        (response) => new URL(response.url()).pathname === `/admin/enquiries/${id}/draft` && response.status() === 200,
      );
      await page.getByRole('button', { name: ADMIN_TEXT.login }).click();
      await page.waitForURL(enquiryPage);
      await waitForHydration(page);
      await page.getByText(REPLY_TEXT.restored).waitFor();
      t.equal(await field.inputValue(), FINAL, 'signed in again: back on the enquiry, the text still there');
      t.equal(await cc.inputValue(), CC, 'the CC too');
      await resaved;
      t.equal(draftOf.get(id)?.body, FINAL, 'and kept as the draft');

      await page.getByRole('button', { name: 'Send reply' }).click();
      await doneSays(page, `Reply saved and being sent to ${buyer.email}`);
      const mail = await simpleParser((await smtp.waitFor(FINAL)).raw);
      t.ok(mail.text!.startsWith(`${FINAL}\n\n-- \n${signature}\n\nOn `), 'the text: the reply, then the signature');
      t.same(
        [mail.cc ?? []].flat().flatMap((cc) => cc.value.map((one) => one.address)),
        [CC],
        'copied to the CC kept with the draft',
      );
      t.match(mail.text, /UTC, .+ wrote:\n> /, "then the buyer's message quoted");
      t.match(mail.html, /<div class="signature">-- <br>\nExample Forgings<br>/, 'the HTML: the signature');
      t.match(mail.html, /<blockquote type="cite"/, 'and the quote, folded');
      t.equal(draftOf.get(id), undefined, 'sent: the draft is gone');
      await page.reload();
      await waitForHydration(page);
      t.equal(await field.inputValue(), '', 'and the reply form is empty');
      t.equal(await cc.inputValue(), '', 'its CC too');
      t.same(
        problems.filter((problem) => !/status of 401/.test(problem)),
        [],
        'no console errors (but the refused save)',
      );
      await context.close();
    },
  );

  t.test(
    '6. the mail server down: the heading and the row say the reply was not sent, the stage stays New; Retry once it is back',
    async (t) => {
      const buyer = UNSENT_BUYER;
      await buyerAsks(t, buyer);
      await smtp.waitFor(buyer.message); // its notification went while the mail server was there
      const smtpPort = Number(new URL(smtp.url).port);
      await smtp.close(); // nothing listens there now: the connection is refused
      const writing = await adminAt(DESKTOP, true);
      await openEnquiry(writing.page, inboxRow(writing.page, buyer.name));
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
      const row = inboxRow(page, buyer.name);
      t.match(await row.locator('.inbox-row__reply').innerText(), NOT_SENT, 'the row says so');
      t.equal(await row.locator('.stage').textContent(), 'New', 'and is still New, which awaits us');
      t.notMatch(await row.locator('.inbox-row__awaiting').innerText(), /awaiting us/, 'said once: by the stage');
      t.match(await page.locator('.admin-bar__count--failed').innerText(), /^1 not sent/, 'counted in the header');
      await openEnquiry(page, row, { javaScript: true });
      const item = replyItem(page, 'Dispatch is planned for week 12.');
      t.equal(await item.getByRole('heading', { name: `Reply: ${NOT_SENT}` }).count(), 1, 'the heading says so');
      t.equal(await item.getByRole('link', { name: 'Edit' }).count(), 1, 'with Edit');
      const stageChanged = timeline(page).getByRole('heading', { name: 'Stage changed: New → Open' });
      t.equal(await stageShown(page), 'new', 'the stage is still New');
      t.equal(await stageChanged.count(), 0, 'and no stage change in the timeline');

      const back = await testSmtp(smtpPort);
      t.teardown(back.close);
      await item.getByRole('button', { name: 'Retry' }).click();
      await doneSays(page, `Trying again to send the reply to ${buyer.email}`);
      const mail = await back.waitFor('Dispatch is planned for week 12.');
      t.same(mail.to, [buyer.email], 'the reply arrives at the mail server once it is back');
      await replies.queue.run();
      await page.reload();
      await waitForHydration(page);
      t.equal(await item.getByRole('heading', { name: 'Reply sent' }).count(), 1, 'then "Reply sent"');
      t.equal(await stageShown(page), 'open', 'only now is the stage Open');
      t.equal(await stageChanged.count(), 1, 'New → Open in the timeline');
      t.equal(await page.locator('.admin-bar__count--failed').count(), 0, 'no longer counted');
      await backToList(page);
      t.match(await row.locator('.inbox-row__awaiting').innerText(), /^awaiting buyer\b/, 'the row awaits the buyer');
      t.same(problems, [], 'no console errors');
      await context.close();
    },
  );
}

// Dovecot is the buyer's side of the thread: without it, the file says why and runs nothing.
if (withoutDovecot) t.plan(0, withoutDovecot);
else await journeys();
