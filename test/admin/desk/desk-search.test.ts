import t from 'tap';
import type { EnquiryList } from '../../../shared/admin/desk.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { postQuote, quoteForm, SAMPLE_DRAWINGS } from '../../helpers/drawings.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { withServer } from '../../helpers/server.js';

/**
 * The desk's search over HTTP (issue #23): words of the message, the country, `#number`, words in
 * Gujarati, Devanagari and Arabic, a 2-character term, each within its view. Enquiries arrive
 * through the quote form, as buyers send them.
 */
t.test('the search finds message words, countries and #number, in every script, within the view', async (t) => {
  const server = await withServer(t, { env: { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '100000' }, listen: false });
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const ids: number[] = [];
  const send = async (fields: Record<string, string>, drawings: { name: string; bytes: Buffer }[] = []) => {
    const response = await postQuote(server.url, quoteForm({ ...makeEnquiry(fields), product: 'flanges' }, drawings));
    t.equal(response.status, 303, `sent: ${fields.name}`);
    const { enquiries } = (await (await admin.request('/admin/api/enquiries?view=inbox')).json()) as EnquiryList;
    ids.push(Math.max(...enquiries.map((enquiry) => enquiry.id)));
    return ids.at(-1)!;
  };
  const post = (path: string) =>
    admin.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': admin.csrfToken },
      body: '{}',
    });

  const german = await send({
    name: 'Jürgen Größmann',
    subject: 'RFQ 1',
    company: 'Müller-Lüdenscheidt Schmiedetechnik GmbH',
    country: 'Deutschland',
    message: 'Bitte senden Sie uns ein Angebot für Ventilkörper aus Edelstahl 1.4408, Größe DN 50 bis DN 200.',
  });
  const gulf = await send({
    name: 'Fatima Al-Mansouri',
    subject: 'RFQ 2',
    country: 'UAE',
    message: 'Delivery CIF Jebel Ali; packing in seaworthy wooden boxes.\n\nنحتاج إلى شفاه مطروقة بالسعر والتسليم',
  });
  const gujarati = await send({
    name: 'કિરણ દેસાઈ',
    subject: 'RFQ 3',
    country: 'India',
    message: 'અમને ગુજરાત માટે ફોર્જ કરેલા ફ્લેન્જની જરૂર છે. કૃપા કરીને કિંમત જણાવો.',
  });
  const hindi = await send({
    name: 'अनिल शर्मा',
    subject: 'RFQ 4',
    country: 'India',
    message: 'कृपया 42CrMo4 के ट्रांसमिशन शाफ्ट के लिए कोटेशन भेजें, मात्रा 5,000 नग।',
  });
  const spam = await send({ name: 'Cheap Seo', subject: 'RFQ 5', message: 'Jebel Ali backlinks, cheap.' });
  const trashed = await send({ name: 'Old Buyer', subject: 'RFQ 6', message: 'Jebel Ali, an old request.' });
  const mentions = await send({
    name: 'Repeat Buyer',
    subject: 'RFQ 7',
    message: `Further to our enquiry #${german}, please also quote DN 300.`,
  });
  t.equal((await post(`/admin/enquiries/${spam}/spam`)).status, 200);
  t.equal((await post(`/admin/enquiries/${trashed}/trash`)).status, 200);

  const found = async (query: string, more = '') => {
    const list = (await (
      await admin.request(`/admin/api/enquiries?q=${encodeURIComponent(query)}${more}`)
    ).json()) as EnquiryList;
    const ids = list.enquiries.map((enquiry) => enquiry.id).sort((a, b) => a - b);
    t.equal(list.filtered, ids.length, `${query}${more}: Filtered Results counts the same`);
    return ids;
  };

  t.same(await found('jebel ali'), [gulf], 'a word only in the message; the spam and trashed ones stay in their views');
  t.same(await found('SEAWORTHY'), [gulf], 'in any case');
  t.same(await found('ventilkorper'), [german], 'umlauts in the message, typed without them');
  t.same(await found('jebel ali', '&view=spam'), [spam], 'Spam finds its own');
  t.same(await found('jebel ali', '&view=trash'), [trashed], 'and Trash its own');
  t.same(await found('UAE'), [gulf], 'a country');
  t.same(await found('deutschland'), [german], 'a country, any case');
  t.same(await found('india'), [gujarati, hindi]);
  t.same(await found('india', '&view=unread'), [gujarati, hindi], 'in another view');
  t.same(await found('schmiedetechnik'), [german], 'the company');

  t.same(await found('ફ્લેન્જ'), [gujarati], 'Gujarati, in the message');
  t.same(await found('ट्रांसमिशन'), [hindi], 'Devanagari, in the message');
  t.same(await found('مطروقة'), [gulf], 'Arabic, in the message');

  t.same(await found(`#${german}`), [german], '#number: that enquiry, not the one whose message mentions it');
  t.same(await found(`  #${gulf} `), [gulf], 'with spaces around it');
  t.same(await found(`#${spam}`), [], 'an enquiry in Spam is not in the inbox');
  t.same(await found(`#${spam}`, '&view=spam'), [spam], 'but in Spam');
  t.same(await found(`#${trashed}`, '&view=trash'), [trashed], 'and one in Trash, in Trash');
  t.same(await found(`#${german}`, '&stage=quoted'), [], 'the filters still apply');
  t.same(await found('#999999'), [], 'a number no enquiry has');
  t.same(await found(`enquiry #${german}`), [mentions], 'text with a number in it is text');

  // One or two characters: the short fields (name, e-mail, phone, subject, company, material, country).
  t.same(await found('ae'), [gulf], 'a 2-character term in the country (UAE)');
  t.same(await found('Al'), [gulf], 'in the name, any case');
  t.same(await found('शर'), [hindi], 'in Devanagari');
  t.same(await found('ve'), [], 'never in the message (docs/enquiry-desk-search.md)');

  // The whole thread (issue #35): a drawing's name, a note, a buyer's answer and our reply.
  const drawing = await send({ name: 'Hans Weber', subject: 'RFQ 8', message: 'Flanges per drawing.' }, [
    { name: 'Flansch_DN150_Zeichnung_RevC.pdf', bytes: SAMPLE_DRAWINGS.pdf.bytes },
  ]);
  const noted = await send({ name: 'Li Wei', subject: 'RFQ 9', message: 'Gear blanks.' });
  const note = await admin.request(`/admin/enquiries/${noted}/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': admin.csrfToken },
    body: JSON.stringify({ body: 'Called him: wants a sample first.' }),
  });
  t.equal(note.status, 201);
  const thread = server.app.db.prepare(
    `INSERT INTO enquiry_messages (enquiry_id, direction, message_id, sender, recipient, subject, body, created_at)
     VALUES (?, ?, ?, 'a@example.com', 'b@example.com', 'Re: RFQ', ?, ?)`,
  );
  thread.run(
    german,
    'received',
    'answer@buyer.example',
    'Please revise item 2, PO attached.',
    new Date().toISOString(),
  );
  thread.run(hindi, 'sent', 'quote@forge.test', 'Our price is ex works Rajkot.', new Date().toISOString());
  t.same(await found('zeichnung_revc'), [drawing], "a drawing's name");
  t.same(await found('SAMPLE FIRST'), [noted], 'a note');
  t.same(await found('revise item'), [german], "the buyer's answer");
  t.same(await found('ex works rajkot'), [hindi], 'our reply');
  t.same(await found('revise item', '&view=unread'), [german], 'within the view');
});
