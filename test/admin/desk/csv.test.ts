import t from 'tap';
import { csvCell } from '../../../server/admin/desk/csv.js';

t.test('the CSV cell guard: anything a spreadsheet could run as a formula is guarded', async (t) => {
  const guarded = [
    '=1+1',
    '@SUM(A1)',
    '\tx',
    '\u200B=HYPERLINK("x")',
    '\uFEFF+1x',
    '\u200E@x',
    ' =1',
    '＝1+1',
    '＋1',
    '－1',
    '＠x',
    '\u200B\t=1',
    '-2+cmd|x',
  ];
  for (const value of guarded)
    t.equal(csvCell(value), `"'${value.replace(/"/g, '""')}"`, `${JSON.stringify(value)}: a leading apostrophe`);
  // A phone number is read as a formula too, but cannot run anything: an invisible word joiner keeps
  // it text, with no apostrophe showing in Excel or LibreOffice.
  for (const phone of ['+91 98250 11111', '+49 (0)221 9876543', '-2', '+1-202-555-0101']) {
    t.equal(csvCell(phone), `"\u2060${phone}"`, `${JSON.stringify(phone)}: a hidden guard`);
  }
  const plain = ['Zoë Müller', 'ગુજરાત', 'a=b', '1-2', 'name@example.com', '', '098250 11111'];
  for (const value of plain) t.equal(csvCell(value), `"${value}"`, JSON.stringify(value));
  t.equal(csvCell('say "hi"'), '"say ""hi"""', 'quotes doubled');
  t.equal(csvCell('one\r\ntwo\rthree\nfour'), '"one\ntwo\nthree\nfour"', 'line breaks inside a cell are LF');
  t.equal(csvCell('\r=1'), '"\n=1"', 'a carriage return becomes a line break (no longer a formula start)');
});
