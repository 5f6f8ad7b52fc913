import t from 'tap';
import { headerNameWarning, linesOf, phoneHeaderLines, suggestedShortName } from '../../shared/content/header-fit.js';

const LONG = 'Shree Ganesh Forgings & Precision Engineering Works Private Limited';

t.test('lines of a name in the phone header, estimated from its characters', async (t) => {
  t.equal(phoneHeaderLines(''), 0);
  t.equal(phoneHeaderLines('Example Forgings'), 1, 'a short name: one line');
  t.equal(phoneHeaderLines('Shree Ganesh Forgings Pvt. Ltd.'), 2, 'a usual name: two');
  t.ok(phoneHeaderLines(LONG) > 2, 'a long one: more than two');
  t.equal(phoneHeaderLines(LONG, 'Shree Ganesh'), 1, 'a short name is what phones show');
  t.ok(linesOf('W'.repeat(60), 18.4) >= 3, 'a word longer than a line breaks anywhere');
  t.ok(linesOf('ગણેશ ફોર્જિંગ્સ પ્રાઇવેટ લિમિટેડ રાજકોટ ગુજરાત ઇન્ડિયા', 15.2) > 2, 'other scripts are counted wide');
});

t.test('the warning names the lines and suggests a short name, only when the name does not fit', async (t) => {
  t.equal(headerNameWarning('Example Forgings'), null);
  t.equal(headerNameWarning(LONG, 'Shree Ganesh'), null, 'no warning with a short name that fits');
  const warning = headerNameWarning(LONG);
  t.match(warning, /^On a phone the header needs about \d lines for this name and shows only two\./);
  t.match(warning, /Add a short name below, e\.g\. “Shree Ganesh Forgings”: phones show it instead\./);
  t.match(headerNameWarning(LONG, 'Mmmmmmm Wwwwwww Mmmmmmm Wwwwwww Mmmmmmmm') ?? '', /Make the short name shorter/);
});

t.test('the suggested short name drops the legal form and trade at the end', async (t) => {
  t.equal(suggestedShortName(LONG), 'Shree Ganesh Forgings');
  t.equal(suggestedShortName('Rajkot Forge Pvt. Ltd.'), 'Rajkot Forge');
  t.equal(suggestedShortName('Example Forgings'), null, 'nothing to drop');
});
