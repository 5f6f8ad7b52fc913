import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { QUOTATION_SEND_TEXT as TEXT } from '../../../shared/admin/texts.js';
import type { QuotationSending } from '../../../shared/quotations/quotation-page.js';

/** Where the latest revision stands: being sent, failed for now, or sent (only once the mail server accepted it). */
function SendState({ send }: { send: QuotationSending }) {
  const said =
    send.status === 'sent'
      ? TEXT.sentOn(send.revision, (send.sentAt ?? '').slice(0, 10))
      : send.status === 'failed'
        ? TEXT.failed(send.revision)
        : TEXT.pending(send.revision);
  return (
    <p className={`notice ${send.status === 'failed' ? 'notice--error' : 'notice--info'}`} role="status">
      {said}
    </p>
  );
}

/** Send quotation: the latest revision as a reply in the thread, its PDF attached, with a message the admin may change. */
export function QuotationSend({ send, id, csrfToken }: { send: QuotationSending; id: number; csrfToken: string }) {
  const why = !send.to ? TEXT.noEmail : !send.canSend ? TEXT.noSmtp : null;
  return (
    <section id="send" className="quotation__send" aria-labelledby="quotation-send-heading">
      <h2 id="quotation-send-heading">{`${TEXT.heading} ${send.revision}`}</h2>
      {send.status !== null ? (
        <SendState send={send} />
      ) : why ? (
        <p>{why}</p>
      ) : (
        <form method="post" action={pathTo(ADMIN_PATHS.quotationSend, { id })}>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <p>{TEXT.to(send.revision, send.to!)}</p>
          <div className={`field${send.error ? ' field--invalid' : ''}`}>
            <label htmlFor="quotation-send-message">{TEXT.message}</label>
            <textarea
              id="quotation-send-message"
              name="message"
              rows={6}
              defaultValue={send.message}
              {...(send.error && { 'aria-invalid': true, 'aria-describedby': 'quotation-send-error' })}
            />
            {send.error && (
              <p id="quotation-send-error" className="field__error">
                {send.error}
              </p>
            )}
          </div>
          <button className="button" type="submit">
            {TEXT.send}
          </button>
        </form>
      )}
    </section>
  );
}
