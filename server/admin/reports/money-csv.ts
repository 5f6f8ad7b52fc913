import { countryShown } from '../../../shared/enquiry/country.js';
import { CURRENCIES, formatScaled } from '../../../shared/quotations/money.js';
import { formatInZone } from '../../../shared/time/time-zone.js';
import { BOM, csvCell } from '../desk/csv.js';
import type { QuotationSent } from '../desk/money-reads.js';

const HEADER = ['Number', 'Revision', 'Enquiry', 'Buyer', 'Country', 'Currency', 'Total', 'Sent', 'Answer'];

/** The buyer's answer: as given online (migration 45), else "won" for the won revision (stage Won). */
const answerOf = (revision: QuotationSent) => revision.answer ?? (revision.won ? 'won' : '');

/** The CSV of quotations sent in a period: one line per sent revision, times in the site's zone. */
export function quotationsCsv(revisions: QuotationSent[], timeZone: string): string {
  const line = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;
  return (
    BOM +
    line(HEADER) +
    revisions
      .map((revision) =>
        line([
          revision.number,
          `R${revision.revision}`,
          `#${revision.enquiry}`,
          revision.company ? `${revision.name}, ${revision.company}` : revision.name,
          countryShown({ country: revision.country, countryCode: revision.countryCode }) ?? '',
          revision.currency,
          formatScaled(BigInt(revision.total), CURRENCIES[revision.currency].digits, true),
          formatInZone(revision.sentAt, timeZone),
          answerOf(revision),
        ]),
      )
      .join('')
  );
}
