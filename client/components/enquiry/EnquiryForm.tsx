import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  emptyEnquiryForm,
  ENQUIRY_FIELDS,
  ENQUIRY_LIMITS,
  failureMessage,
  FIELD_LABELS,
  FORM_NAME,
  FORM_NAME_FIELD,
  HONEYPOT_FIELD,
  SUCCESS_MESSAGE,
  validateEnquiry,
  type EnquiryFieldErrors,
  type EnquiryFormValues,
} from '../../../shared/enquiry/validation.js';
import { useSiteConfig, usePageData } from '../../app/site-context.js';
import { ErrorSummary } from './ErrorSummary.js';
import { FormField } from '../FormField.js';

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'failed' }
  | { kind: 'refused'; message: string };

const fieldId = (field: string) => `enquiry-${field}`;

/**
 * The enquiry form. Without JavaScript it is a plain POST to /contact that the server validates;
 * with JavaScript it validates with the same schema, submits JSON to /api/enquiries and reports
 * the outcome in a live region.
 */
export function EnquiryForm() {
  const config = useSiteConfig();
  const returned = usePageData().contact;
  const [values, setValues] = useState<EnquiryFormValues>(returned?.values ?? emptyEnquiryForm);
  const [errors, setErrors] = useState<EnquiryFieldErrors>(returned?.errors ?? {});
  const [status, setStatus] = useState<Status>(returned?.formError ? { kind: 'refused', message: returned.formError } : { kind: 'idle' });
  const [enhanced, setEnhanced] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);

  useEffect(() => setEnhanced(true), []);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const showErrors = (fieldErrors: EnquiryFieldErrors) => {
    setErrors(fieldErrors);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const validation = validateEnquiry(values);
    if (!validation.ok) {
      setStatus({ kind: 'idle' });
      showErrors(validation.errors);
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    try {
      const response = await fetch('/api/enquiries', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          ...values,
          [FORM_NAME_FIELD]: FORM_NAME,
          [HONEYPOT_FIELD]: honeypotRef.current?.value ?? '',
        }),
      });
      if (response.ok) {
        setValues(emptyEnquiryForm);
        setStatus({ kind: 'sent' });
        return;
      }
      const body = (await response.json().catch(() => null)) as { errors?: EnquiryFieldErrors; message?: string } | null;
      if (response.status === 400 && body?.errors && Object.keys(body.errors).length > 0) {
        setStatus({ kind: 'idle' });
        showErrors(body.errors);
        return;
      }
      // Valid but not stored (too many, or storage unavailable): the server says why; the values stay.
      if ((response.status === 429 || response.status === 503) && body?.message) {
        setStatus({ kind: 'refused', message: body.message });
        return;
      }
      throw new Error(`Enquiry submission failed with status ${response.status}`);
    } catch (error) {
      console.error(error);
      setStatus({ kind: 'failed' });
    }
  };

  const sending = status.kind === 'sending';
  const summary = ENQUIRY_FIELDS.flatMap((field) => {
    const message = errors[field];
    return message ? [[fieldId(field), message] as [string, string]] : [];
  });

  return (
    <form
      className="enquiry-form"
      method="post"
      action="/contact"
      noValidate={enhanced}
      onSubmit={onSubmit}
      aria-labelledby="enquiry-form-title"
    >
      <ErrorSummary ref={summaryRef} errors={summary} />
      <input type="hidden" name={FORM_NAME_FIELD} value={FORM_NAME} />
      <div className="honeypot" aria-hidden="true">
        <label>
          Leave this field empty
          <input ref={honeypotRef} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <FormField id={fieldId('name')} name="name" label={FIELD_LABELS.name} value={values.name} error={errors.name}
        onChange={onChange} required maxLength={ENQUIRY_LIMITS.name} autoComplete="name" />
      <div className="form-row">
        <FormField id={fieldId('email')} name="email" type="email" label={FIELD_LABELS.email} value={values.email}
          error={errors.email} onChange={onChange} maxLength={ENQUIRY_LIMITS.email} autoComplete="email" />
        <FormField id={fieldId('phone')} name="phone" type="tel" label={FIELD_LABELS.phone} value={values.phone}
          error={errors.phone} onChange={onChange} required maxLength={ENQUIRY_LIMITS.phoneMax} autoComplete="tel" />
      </div>
      <FormField id={fieldId('subject')} name="subject" label={FIELD_LABELS.subject} value={values.subject}
        error={errors.subject} onChange={onChange} required maxLength={ENQUIRY_LIMITS.subject} />
      <FormField id={fieldId('message')} name="message" label={FIELD_LABELS.message} value={values.message}
        error={errors.message} onChange={onChange} required multiline maxLength={ENQUIRY_LIMITS.message} />
      <p className="field__hint">Fields marked * are required.</p>
      <button type="submit" className="button button--accent" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
      <div className="form-status" aria-live="polite" role="status">
        {status.kind === 'sent' && <p className="notice notice--success">{SUCCESS_MESSAGE}</p>}
        {status.kind === 'failed' && <p className="notice notice--error">{failureMessage(config.email)}</p>}
        {status.kind === 'refused' && <p className="notice notice--error">{status.message}</p>}
      </div>
    </form>
  );
}
