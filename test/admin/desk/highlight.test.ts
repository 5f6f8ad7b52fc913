import Database from 'better-sqlite3';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import t from 'tap';
import { enquiryNumberOf, foldChar, matchRanges, snippet } from '../../../shared/admin/highlight.js';
import { Highlight } from '../../../client/pages/admin/Highlight.js';

/** The parts of the text the ranges cover. */
const marked = (text: string, query: string) => matchRanges(text, query).map(([start, end]) => text.slice(start, end));

t.test('enquiryNumberOf: "#58", with spaces around it, and nothing else', async (t) => {
  t.equal(enquiryNumberOf('#58'), 58);
  t.equal(enquiryNumberOf('  #58 '), 58);
  for (const query of ['58', '# 58', '#58a', '#', '#-1', '#5.8', 'RFQ #58', '#1234567890123456'])
    t.equal(enquiryNumberOf(query), null, query);
});

t.test('matchRanges: the same folding as the search index', async (t) => {
  t.same(matchRanges('Jürgen Müller', 'Muller'), [[7, 13]], 'accents ignored');
  t.same(marked('MÜLLER GmbH', 'muller'), ['MÜLLER'], 'any case');
  t.same(marked('Société Générale', 'SOCIETE'), ['Société']);
  t.same(marked('Mu\u0308ller', 'müller'), ['Mu\u0308ller'], 'a decomposed ü, in the original indices');
  t.same(marked('Müller', 'mu\u0308l'), ['Mül'], 'a decomposed query');
  t.same(marked('Größmann', 'GRÖSSMANN'), [], 'ß is not ss, as in the index');
  t.same(marked('İstanbul Forge', 'istanbul'), ['İstanbul'], 'dotted capital I');
  t.same(marked('Delivery CIF Jebel Ali; Jebel Ali port', 'jebel ali'), ['Jebel Ali', 'Jebel Ali'], 'every match');
  t.same(matchRanges('aaaa', 'aa'), [[0, 4]], 'matches that touch are one range');
  t.same(matchRanges('Flanges 2" (ASTM) [x]', '(astm)'), [[11, 17]], 'punctuation is plain text');
  t.same(matchRanges('abc', ''), [], 'empty query');
  t.same(matchRanges('abc', '   '), [], 'blank query');
  t.same(matchRanges('RFQ #58, lot 58', '#58'), [], 'an enquiry number is not text');
  t.same(matchRanges('RFQ #58', ' # 58'), [], 'nor found when it is not there');
  t.same(marked('lot 58', ' 58 '), ['58'], 'trimmed as the search trims it');
  t.same(marked('x', 'X'), ['x'], 'one character');
});

t.test('matchRanges: non-Latin scripts, never splitting a letter from its marks', async (t) => {
  t.same(marked('અમને ફોર્જ કરેલા ફ્લેન્જની જરૂર છે', 'ફ્લેન્જ'), ['ફ્લેન્જ'], 'Gujarati');
  t.same(marked('कृपया ट्रांसमिशन शाफ्ट', 'ट्रांसमिशन'), ['ट्रांसमिशन'], 'Devanagari');
  t.same(marked('نحتاج إلى شفاه مطروقة', 'مطروقة'), ['مطروقة'], 'Arabic');
  // "कि" is क with a vowel sign: a match on क alone takes the vowel sign with it.
  const text = 'किरण';
  t.same(matchRanges(text, 'क'), [[0, 2]], 'a consonant takes its vowel sign');
  t.same(matchRanges(text, 'ि'), [[0, 2]], 'a vowel sign takes its consonant');
  t.same(marked('Zoë Müller', 'zoe'), ['Zoë']);
  t.same(marked('Zoe\u0308 Müller', 'zoe'), ['Zoe\u0308'], 'a combining mark after the match stays with its letter');
  t.same(marked('Forge 🔩 Works 🔩', '🔩'), ['🔩', '🔩'], 'astral characters whole');
  for (const [text, query] of [
    ['कृपया ट्रांसमिशन शाफ्ट के लिए', 'ट्र'],
    ['ગુજરાત માટે ફોર્જ', 'જ'],
    ['Zoe\u0308\u0301 Größmann', 'e'],
  ] as const)
    for (const [start, end] of matchRanges(text, query))
      t.ok(
        !/^\p{M}/u.test(text.slice(end)) && !/^\p{M}/u.test(text.slice(start)),
        `${text} / ${query}: no range starts or ends before a mark`,
      );
});

t.test('foldChar folds as SQLite FTS5 trigram (case_sensitive 0, remove_diacritics 1) does', async (t) => {
  // Each character followed by "##" gives one trigram: the index's own folding of that character.
  const db = new Database(':memory:');
  t.teardown(() => db.close());
  db.exec(`CREATE VIRTUAL TABLE s USING fts5(a, tokenize = 'trigram case_sensitive 0 remove_diacritics 1');
    CREATE VIRTUAL TABLE terms USING fts5vocab(s, instance);`);
  const blocks: [label: string, from: number, to: number][] = [
    ['Latin (ASCII, Latin-1, Extended-A and B)', 0x21, 0x24f],
    ['combining diacritical marks', 0x300, 0x36f],
    ['Greek and Cyrillic', 0x370, 0x52f],
    ['Arabic', 0x600, 0x6ff],
    ['Devanagari', 0x900, 0x97f],
    ['Gujarati', 0xa80, 0xaff],
    ['Latin Extended Additional (Vietnamese …)', 0x1e00, 0x1eff],
  ];
  const insert = db.prepare('INSERT INTO s (rowid, a) VALUES (?, ?)');
  db.transaction(() => {
    for (const [, from, to] of blocks) for (let c = from; c <= to; c++) insert.run(c, `${String.fromCodePoint(c)}##`);
  })();
  const indexed = new Map<number, string>();
  for (const { term, doc } of db.prepare('SELECT term, doc FROM terms').all() as { term: string; doc: number }[])
    indexed.set(doc, [...term].length === 3 ? [...term][0]! : '');
  for (const [label, from, to] of blocks) {
    const differ: string[] = [];
    for (let c = from; c <= to; c++) {
      const char = String.fromCodePoint(c);
      if ((indexed.get(c) ?? '') !== foldChar(char)) differ.push(`U+${c.toString(16)} ${char}`);
    }
    t.same(differ, [], label);
  }
});

t.test('snippet: one line, at most `length` characters, from the first match', async (t) => {
  t.equal(snippet('Short\n\nmessage', 'x', 80), 'Short message', 'whitespace collapsed; the whole line when it fits');
  const message = [
    'We need closed-die forged flanges, ASTM A105, 2" to 12" NPS, class 150# and 300#.',
    'Bitte senden Sie uns ein Angebot für Ventilkörper aus Edelstahl 1.4408.',
    'Delivery CIF Jebel Ali; packing in seaworthy wooden boxes.',
  ].join('\n\n');
  const start = snippet(message, 'closed-die', 60);
  t.ok(start.length <= 60 && start.startsWith('We need closed-die') && start.endsWith('…'), start);
  t.notOk(start.includes('\n'), 'one line');
  t.equal(start, 'We need closed-die forged flanges, ASTM A105, 2" to 12"…', 'cut at the end of a word');

  const later = snippet(message, 'jebel ali', 60);
  t.equal(
    later,
    '…Delivery CIF Jebel Ali; packing in seaworthy wooden boxes.',
    'from a few words before the match, after "…"; the end of the text: no closing "…"',
  );
  t.ok(matchRanges(later, 'jebel ali').length, 'the match can be highlighted within the snippet');
  const past = snippet(message, 'A105', 60);
  t.equal(past, '…flanges, ASTM A105, 2" to 12" NPS, class 150# and 300#.…', 'a match ending past length - 20');
  t.ok(past.length <= 60);
  t.equal(snippet(message, '300#', 60), '…class 150# and 300#. Bitte senden Sie uns ein Angebot für…', 'cut at a word');
  t.equal(
    snippet(message, 'forged', 60),
    'We need closed-die forged flanges, ASTM A105, 2" to 12"…',
    'a match within the first length - 20 characters: from the beginning',
  );
  t.equal(snippet(message, 'nothing like this', 40).slice(0, 8), 'We need ', 'no match: from the beginning');
  t.equal(snippet(message, '#58', 40).slice(0, 8), 'We need ', 'an enquiry number: from the beginning');

  const devanagari = 'कृपया 42CrMo4 के ट्रांसमिशन शाफ्ट के लिए कोटेशन भेजें, मात्रा 5,000 नग, हीट ट्रीटमेंट सहित। '.repeat(3);
  for (const length of [20, 33, 47, 61]) {
    const cut = snippet(devanagari, 'हीट', length);
    t.ok(cut.length <= length, `Devanagari, ${length}: ${cut}`);
    const body = cut.replace(/^…|…$/g, '');
    const at = devanagari.indexOf(body);
    t.ok(at >= 0, 'a piece of the text');
    t.notOk(/^\p{M}/u.test(devanagari.slice(at)), 'never starts inside a grapheme');
    t.notOk(/^\p{M}/u.test(devanagari.slice(at + body.length)), 'never ends inside a grapheme');
    t.ok(cut.includes('हीट') || length < 25, 'the match is in it');
  }
  const noSpaces = 'x'.repeat(100) + 'Müller' + 'y'.repeat(100);
  const long = snippet(noSpaces, 'muller', 40);
  t.ok(long.length <= 40 && long.includes('Müller') && long.startsWith('…') && long.endsWith('…'), long);
});

t.test('<Highlight>: the text with <mark> around each match, escaped', async (t) => {
  const html = (text: string, query: string) => renderToStaticMarkup(createElement(Highlight, { text, query }));
  t.equal(html('Jürgen Müller, MULLER & Co', 'muller'), 'Jürgen <mark>Müller</mark>, <mark>MULLER</mark> &amp; Co');
  t.equal(html('Delivery CIF Jebel Ali', 'jebel'), 'Delivery CIF <mark>Jebel</mark> Ali');
  t.equal(html('<b>Jebel</b>', 'jebel'), '&lt;b&gt;<mark>Jebel</mark>&lt;/b&gt;', 'markup in the text is text');
  t.equal(html('Jebel', 'jebel'), '<mark>Jebel</mark>', 'the whole text');
  t.equal(html('no match here', 'jebel'), 'no match here');
  t.equal(html('RFQ #58', '#58'), 'RFQ #58', 'an enquiry number is not highlighted');
  t.equal(html('ફ્લેન્જની જરૂર', 'ફ્લેન્જ'), '<mark>ફ્લેન્જ</mark>ની જરૂર');
  t.equal(html('', 'x'), '');
});

t.test('without Intl.Segmenter (an older browser): a letter keeps its marks all the same', async (t) => {
  const segmenter = Object.getOwnPropertyDescriptor(Intl, 'Segmenter')!;
  Reflect.deleteProperty(Intl, 'Segmenter');
  // A second copy of the module (another address), evaluated while Intl has no Segmenter.
  const specifier: string = '../../../shared/admin/highlight.js?without-segmenter';
  let fallback: typeof import('../../../shared/admin/highlight.js');
  try {
    fallback = (await import(specifier)) as typeof fallback;
  } finally {
    Object.defineProperty(Intl, 'Segmenter', segmenter);
  }
  t.same(matchRanges('क्षमा', 'क'), [[0, 3]], 'with it, a conjunct (क्ष) is one grapheme');
  t.same(
    fallback.matchRanges('क्षमा', 'क'),
    [[0, 2]],
    'without it, the consonant and its virama (this copy is the fallback)',
  );
  t.same(fallback.matchRanges('किरण', 'क'), [[0, 2]]);
  t.same(fallback.matchRanges('Zoe\u0308 Müller', 'zoe'), [[0, 4]]);
  t.same(fallback.matchRanges('Forge 🔩 Works', '🔩'), [[6, 8]]);
  t.same(fallback.matchRanges('\u0308abc', 'ab'), [[1, 3]], 'a mark at the very start');
  t.equal(fallback.snippet('x'.repeat(50) + 'ें'.repeat(50), 'zzz', 30).length <= 30, true);
});
