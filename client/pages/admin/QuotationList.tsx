import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { QUOTATION_PDF_TEXT, QUOTATION_SEND_TEXT, QUOTATION_TEXT } from '../../../shared/admin/texts.js';
import { formatMoney } from '../../../shared/quotations/money.js';
import { revisionChanges, revisionLabel, type QuotationRevision } from '../../../shared/quotations/revisions.js';

/**
 * The enquiry's quotation on its page: each revision with its total, when it was saved and sent, and
 * what changed from the one before; "Prepare quotation" (or "Revise quotation") and, while the latest
 * is not sent, "Send quotation": plain links to the quotation's page.
 */
export function QuotationList({
  enquiryId,
  revisions,
  timeZone,
}: {
  enquiryId: number;
  revisions: QuotationRevision[];
  timeZone: string;
}) {
  return (
    <section id="quotations" className="card card--padded quotations" aria-labelledby="quotations-title">
      <h2 id="quotations-title">{QUOTATION_TEXT.revisions}</h2>
      {revisions.length === 0 && <p>{QUOTATION_TEXT.none}</p>}
      <ol className="quotations__revisions" reversed>
        {revisions
          .map((revision, index) => (
            <li key={revision.revision}>
              <strong>{`${revision.number} ${revisionLabel(revision.revision)}`}</strong>
              {` · ${formatMoney(revision.totals.total, revision.draft.currency)} · `}
              {formatEnquiryDate(revision.savedAt, timeZone)}
              {` · ${revision.sentAt ? QUOTATION_TEXT.sent : QUOTATION_TEXT.notSent} · `}
              <a href={pathTo(ADMIN_PATHS.quotationPdf, { id: enquiryId, revision: revision.revision })} download>
                {QUOTATION_PDF_TEXT.download}
                <span className="visually-hidden">{` ${revisionLabel(revision.revision)}`}</span>
              </a>
              {index > 0 && <RevisionChanges before={revisions[index - 1]!} after={revision} />}
            </li>
          ))
          .reverse()}
      </ol>
      <a className="button button--small" href={pathTo(ADMIN_PATHS.quotation, { id: enquiryId })}>
        {revisions.length === 0 ? QUOTATION_TEXT.prepare : QUOTATION_TEXT.revise}
      </a>
      {revisions.length > 0 && !revisions.at(-1)!.sentAt && (
        <>
          {' '}
          <a className="button button--small" href={`${pathTo(ADMIN_PATHS.quotation, { id: enquiryId })}#send`}>
            {QUOTATION_SEND_TEXT.send}
          </a>
        </>
      )}
    </section>
  );
}

function RevisionChanges({ before, after }: { before: QuotationRevision; after: QuotationRevision }) {
  const changes = revisionChanges(before, after);
  return (
    <details className="quotations__changes">
      <summary>{QUOTATION_TEXT.changesFrom(revisionLabel(before.revision))}</summary>
      {changes.length === 0 ? (
        <p>{QUOTATION_TEXT.noChanges}</p>
      ) : (
        <ul>
          {changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      )}
    </details>
  );
}
