import { FORM_NAME, FORM_NAME_FIELD, FORM_TOKEN_FIELD, HONEYPOT_FIELD } from '../../../shared/enquiry/validation.js';
import { SOURCE_PAGE_FIELD } from '../../../shared/enquiry/lead-source.js';

/** The form's hidden fields: its name and token, where the visit came from, and the honeypot only robots fill in. */
export function HiddenFields({
  formToken,
  formSource,
  source,
}: {
  formToken: string;
  /** The page the visitor came from, as the server saw it (sent when the page has no JavaScript). */
  formSource: string | undefined;
  /** Where this tab's visit began (hydrated only). */
  source: [name: string, value: string][];
}) {
  return (
    <>
      <input type="hidden" name={FORM_NAME_FIELD} value={FORM_NAME} />
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
      {formSource !== undefined && <input type="hidden" name={SOURCE_PAGE_FIELD} value={formSource} />}
      {source.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="honeypot" aria-hidden="true">
        <label>
          Leave this field empty
          <input name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}
