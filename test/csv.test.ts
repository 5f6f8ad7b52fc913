import t from 'tap';
import { csvCell } from '../server/admin/csv.js';

t.test('the CSV cell guard: anything a spreadsheet could run as a formula starts with an apostrophe', async (t) => {
  const guarded = ['=1+1', '+91 98250 11111', '-2', '@SUM(A1)', '\tx', '\rx', '\u200B=HYPERLINK("x")', '\uFEFF+1', '\u200E@x', ' =1', '＝1+1', '＋1', '－1', '＠x', '\u200B\t=1'];
  for (const value of guarded) t.equal(csvCell(value), `"'${value.replace(/"/g, '""')}"`, JSON.stringify(value));
  const plain = ['Zoë Müller', 'ગુજરાત', 'a=b', '1-2', 'name@example.com', ''];
  for (const value of plain) t.equal(csvCell(value), `"${value}"`, JSON.stringify(value));
  t.equal(csvCell('say "hi"'), '"say ""hi"""', 'quotes doubled');
});
