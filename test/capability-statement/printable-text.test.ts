import t from 'tap';
import { fullyPrintable, printable } from '../../server/capability-statement/printable-text.js';
import { slugOf } from '../../server/capability-statement/statement-contents.js';

t.test('what the owner may type prints as typed, or without what the font cannot draw', async (t) => {
  t.equal(
    printable('Müller & Söhne, Łódź, Škoda, Göteborg, Curaçao'),
    'Müller & Söhne, Łódź, Škoda, Göteborg, Curaçao',
  );
  t.equal(
    printable('Ø 650 mm, ₹ 4,50,000 – “quoted”'),
    'Ø 650 mm, ₹ 4,50,000 – “quoted”',
    'symbols and typographic quotes',
  );
  t.equal(printable('Москва, Αθήνα'), 'Москва, Αθήνα', 'Cyrillic and Greek');
  t.equal(printable('Hardness ≥ 220 HB'), 'Hardness >= 220 HB', 'a symbol the font lacks is spelled out');
  t.equal(printable('શ્રી ગણેશ Forgings'), 'Forgings', 'a script the font lacks is left out, never drawn as boxes');
  t.equal(printable('Flanges 🔩 for\u200b Germany 🇩🇪'), 'Flanges for Germany', 'emoji and invisible characters too');
  t.equal(printable('line one\nline two'), 'line one\nline two', 'line breaks are kept');
  t.ok(fullyPrintable('Präzisions-Schmiede'));
  t.notOk(fullyPrintable('શ્રી ગણેશ Forgings'));
});

t.test('the file name is the name in plain Latin letters', async (t) => {
  t.equal(slugOf('Müller & Söhne Schmiede GmbH.'), 'muller-sohne-schmiede-gmbh');
  t.equal(slugOf('Shree Gaṇeśa Forgings Pvt. Ltd.'), 'shree-ganesa-forgings-pvt-ltd');
  t.equal(slugOf('શ્રી ગણેશ'), '', 'nothing from another script (the legal name is used instead)');
});
