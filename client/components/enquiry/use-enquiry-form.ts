import { useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { DRAWING_ACCEPT, DRAWING_LIMITS, formatBytes } from '../../../shared/enquiry/quote.js';
import {
  emptyEnquiryForm,
  FORM_TOKEN_FIELD,
  formValuesOf,
  validateEnquiry,
  type EnquiryFieldErrors,
  type EnquiryFormValues,
} from '../../../shared/enquiry/validation.js';
import type { FormTexts } from '../../../shared/i18n/catalogue.js';
import type { ContactPageData } from '../../../shared/page-data.js';
import { sendForm } from '../send-form.js';
import { useFocusAfterRender } from '../use-focus-after-render.js';
import { tokenForNext, tokenForSending } from './form-token.js';

/** Where sending the form stands, as its live region says it. */
export type Status =
  | { kind: 'idle' }
  | { kind: 'sending'; uploaded: number | null }
  | { kind: 'sent'; reference: number | undefined }
  | { kind: 'failed' }
  | { kind: 'refused'; message: string };

/** What the browser can tell about the chosen drawings before sending them (the server checks the content). */
function checkDrawings(files: File[]): string | undefined {
  if (files.length > DRAWING_LIMITS.files) return `Please attach at most ${DRAWING_LIMITS.files} drawings.`;
  const large = files.find((file) => file.size > DRAWING_LIMITS.fileBytes);
  if (large)
    return `${large.name} is larger than ${formatBytes(DRAWING_LIMITS.fileBytes)}; each file may be at most ${formatBytes(DRAWING_LIMITS.fileBytes)}.`;
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > DRAWING_LIMITS.totalBytes)
    return `Your drawings together are larger than ${formatBytes(DRAWING_LIMITS.totalBytes)}; please send fewer or smaller files.`;
  const accepted = DRAWING_ACCEPT.split(',');
  const unknown = files.find((file) => !accepted.some((extension) => file.name.toLowerCase().endsWith(extension)));
  if (unknown)
    return `${unknown.name}: this kind of file is not accepted. Please attach PDF, DWG, DXF, STEP, IGES, JPEG or PNG files.`;
  return undefined;
}

/** The enquiry's fields as the form shows them now. */
export const valuesIn = (form: HTMLFormElement): EnquiryFormValues =>
  formValuesOf(Object.fromEntries(new FormData(form)));

/**
 * The form's values, its errors and where sending it stands, and the submit that checks it with the
 * server's schema and sends the same form data in place (with upload progress for drawings).
 */
export function useEnquiryForm({
  initialValues,
  returned,
  action,
  validationText,
  drawingsRef,
  setFormToken,
  onSent,
}: {
  initialValues: () => EnquiryFormValues;
  /** The form as the server returned it after a submission without JavaScript. */
  returned: ContactPageData | undefined;
  /** Where the form posts. */
  action: string;
  validationText: FormTexts['validation'];
  drawingsRef: RefObject<HTMLInputElement | null>;
  setFormToken: (token: string) => void;
  /** The enquiry was stored: the drawings chosen are cleared. */
  onSent: () => void;
}) {
  const [values, setValues] = useState<EnquiryFormValues>(() => returned?.values ?? initialValues());
  const [errors, setErrors] = useState<EnquiryFieldErrors>(returned?.errors ?? {});
  const [status, setStatus] = useState<Status>(
    returned?.formError ? { kind: 'refused', message: returned.formError } : { kind: 'idle' },
  );
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const showErrors = (fieldErrors: EnquiryFieldErrors) => {
    setErrors(fieldErrors);
    focusAfterRender(summaryRef);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const form = event.currentTarget;
    const files = [...(drawingsRef.current?.files ?? [])];
    // What is sent is what the page shows.
    const shown = valuesIn(form);
    setValues(shown);
    const validation = validateEnquiry(shown, validationText);
    const drawingsError = checkDrawings(files);
    if (!validation.ok || drawingsError) {
      setStatus({ kind: 'idle' });
      showErrors({ ...(validation.ok ? {} : validation.errors), ...(drawingsError && { drawings: drawingsError }) });
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending', uploaded: files.length > 0 ? 0 : null });
    try {
      const token = await tokenForSending();
      setFormToken(token);
      const data = new FormData(form);
      data.set(FORM_TOKEN_FIELD, token);
      const { status: code, body } = await sendForm<{
        message?: string;
        errors?: EnquiryFieldErrors;
        formToken?: string;
        reference?: number;
      }>(action, data, (uploaded) =>
        setStatus((current) =>
          current.kind === 'sending' && current.uploaded !== null ? { kind: 'sending', uploaded } : current,
        ),
      );
      if (code === 201) {
        if (body?.formToken) setFormToken(tokenForNext(body.formToken));
        setValues(emptyEnquiryForm);
        onSent();
        setStatus({ kind: 'sent', reference: body?.reference });
        return;
      }
      if (code === 400 && body?.errors && !body.errors.drawings) {
        setStatus({ kind: 'idle' });
        showErrors(body.errors);
        return;
      }
      // Not stored (a refused file, too many, storage unavailable): the server says why; the values stay.
      if (body?.message && [400, 413, 429, 503].includes(code)) {
        setStatus({ kind: 'refused', message: body.errors?.drawings ?? body.message });
        if (body.errors) showErrors(body.errors);
        return;
      }
      throw new Error(`Enquiry submission failed with status ${code}`);
    } catch (error) {
      console.error(error);
      setStatus({ kind: 'failed' });
    }
  };

  return { values, setValues, errors, status, summaryRef, onChange, onSubmit };
}
