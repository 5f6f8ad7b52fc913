import { Link } from 'react-router-dom';
import {
  ANSWER_LIMITS,
  DECLINE_REASONS,
  type QuotationAnswer,
  type QuotationPageData,
  type QuotationView,
} from '../../shared/quotations/answer.js';
import { PageBanner } from '../components/PageBanner.js';
import { useFormTexts, usePageData } from '../context/site-context.js';
import type { FormTexts } from '../../shared/i18n/catalogue.js';

type Texts = FormTexts['quotation'];

/** The lines, each a short list of its figures (readable at 375 px without a sideways scroll). */
function Lines({ view, texts }: { view: QuotationView; texts: Texts }) {
  return (
    <ol className="quotation-lines">
      {view.lines.map((line, index) => (
        <li key={index} className="quotation-lines__line">
          <h3>{line.description}</h3>
          <dl className="quotation-figures">
            {(
              [
                [texts.drawing, line.drawing],
                [texts.material, line.material],
                [texts.hsCode, line.hsCode],
                [texts.quantity, line.quantity],
                [texts.unitPrice, line.unitPrice],
                [texts.lineTotal, line.total],
              ] as const
            )
              .filter(([, value]) => value !== '')
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}

/** Totals, terms, validity and the PDF. */
function Summary({ view, path, texts }: { view: QuotationView; path: string; texts: Texts }) {
  return (
    <>
      <dl className="quotation-figures quotation-figures--totals">
        <div>
          <dt>{texts.subtotal}</dt>
          <dd>{view.subtotal}</dd>
        </div>
        <div>
          <dt>{view.gstRate === null ? texts.exportTax : texts.gst(view.gstRate)}</dt>
          <dd>{view.tax}</dd>
        </div>
        <div>
          <dt>{texts.total}</dt>
          <dd>
            <strong>{view.total}</strong>
          </dd>
        </div>
      </dl>
      <dl className="quotation-figures">
        {view.terms.map(({ term, value }) => (
          <div key={term}>
            <dt>{texts.terms[term]}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>{texts.validUntil}</dt>
          <dd>{view.validUntil}</dd>
        </div>
      </dl>
      <p>
        <a href={`${path}/pdf`} download>
          {texts.download}
        </a>
      </p>
    </>
  );
}

/** Accept (an optional PO number and note) and Decline (a reason and text): plain forms. */
function AnswerForms({ path, formToken, texts }: { path: string; formToken: string; texts: Texts }) {
  return (
    <div className="quotation-answer">
      <form method="post" action={`${path}/accept`} className="quotation-answer__form">
        <h2>{texts.accept}</h2>
        <input type="hidden" name="formToken" value={formToken} />
        <div className="field">
          <label htmlFor="poNumber">{texts.poNumber}</label>
          <input id="poNumber" name="poNumber" maxLength={ANSWER_LIMITS.poNumber} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="note">{texts.note}</label>
          <textarea id="note" name="note" rows={3} maxLength={ANSWER_LIMITS.text} />
        </div>
        <button type="submit" className="button button--accent">
          {texts.accept}
        </button>
      </form>
      <form method="post" action={`${path}/decline`} className="quotation-answer__form">
        <h2>{texts.decline}</h2>
        <input type="hidden" name="formToken" value={formToken} />
        <div className="field">
          <label htmlFor="reason">{texts.reason}</label>
          <select id="reason" name="reason" required defaultValue="">
            <option value="" disabled>
              {texts.chooseReason}
            </option>
            {DECLINE_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {texts.reasons[reason]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="details">{texts.details}</label>
          <textarea id="details" name="details" rows={3} maxLength={ANSWER_LIMITS.text} />
        </div>
        <button type="submit" className="button button--ghost">
          {texts.decline}
        </button>
      </form>
    </div>
  );
}

function Answered({ answer, revision, texts }: { answer: QuotationAnswer; revision: string; texts: Texts }) {
  const day = answer.at.slice(0, 10);
  return (
    <div className="notice notice--success" role="status">
      <p>{answer.kind === 'accepted' ? texts.accepted(revision, day) : texts.declined(revision, day)}</p>
      {answer.kind === 'accepted' && answer.poNumber && <p>{texts.poGiven(answer.poNumber)}</p>}
      <p>{texts.answeredOnce}</p>
    </div>
  );
}

/** Why the link no longer takes an answer, and a short form to ask for a new quotation. */
function AskAgain({
  data,
  texts,
}: {
  data: Extract<QuotationPageData, { state: 'expired' | 'superseded' }>;
  texts: Texts;
}) {
  return (
    <>
      <p className="notice notice--error">
        {data.state === 'expired' ? texts.expired(data.validUntil) : texts.superseded}
      </p>
      <form method="post" action={`${data.path}/ask`}>
        <h2>{texts.askNew}</h2>
        <input type="hidden" name="formToken" value={data.formToken} />
        <div className="field">
          <label htmlFor="message">{texts.askMessage}</label>
          <textarea id="message" name="message" rows={4} required maxLength={ANSWER_LIMITS.text} />
        </div>
        <button type="submit" className="button button--accent">
          {texts.askNew}
        </button>
      </form>
    </>
  );
}

function Body({ data, texts }: { data: QuotationPageData; texts: Texts }) {
  switch (data.state) {
    case 'unknown':
      return (
        <>
          <p className="notice notice--error">{texts.unknown}</p>
          <p>
            <Link to="/contact">{texts.contactPage}</Link>
          </p>
        </>
      );
    case 'asked':
      return (
        <p className="notice notice--success" role="status">
          {texts.asked}
        </p>
      );
    case 'expired':
    case 'superseded':
      return <AskAgain data={data} texts={texts} />;
    case 'answered':
    case 'open':
      return (
        <>
          {data.state === 'answered' ? (
            <Answered answer={data.answer} revision={data.view.revision} texts={texts} />
          ) : (
            <p>{texts.intro}</p>
          )}
          <h2>{texts.lines}</h2>
          <Lines view={data.view} texts={texts} />
          <Summary view={data.view} path={data.path} texts={texts} />
          {data.state === 'open' && <AnswerForms path={data.path} formToken={data.formToken} texts={texts} />}
        </>
      );
  }
}

/**
 * A sent quotation's page for its buyer (/quotation/<token>, issue 39): complete without
 * JavaScript, its forms posted as they are.
 */
export default function QuotationAnswerPage() {
  const data = usePageData().quotation ?? { state: 'unknown' };
  const texts = useFormTexts().quotation;
  const view = 'view' in data ? data.view : undefined;
  const error = 'error' in data ? data.error : undefined;
  return (
    <>
      <PageBanner title={view ? texts.title(view.number, view.revision) : texts.askNew} />
      <section className="section">
        <div className="container prose">
          {error && (
            <p className="notice notice--error" role="alert">
              {error === 'reason' ? texts.chooseReason : texts.formExpired}
            </p>
          )}
          <Body data={data} texts={texts} />
        </div>
      </section>
    </>
  );
}
