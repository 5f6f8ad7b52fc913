import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { COUNTRY_CHOICES } from '../../../shared/content/countries.js';
import {
  DRAWING_ACCEPT,
  DRAWING_LIMITS,
  formatBytes,
  productChoices,
  productFromQuery,
  type ProductNames,
  QUANTITY_UNITS,
} from '../../../shared/enquiry/quote.js';
import {
  emptyEnquiryForm,
  ENQUIRY_FIELDS,
  ENQUIRY_LIMITS,
  FORM_NAME,
  FORM_NAME_FIELD,
  FORM_TOKEN_FIELD,
  formValuesOf,
  HONEYPOT_FIELD,
  validateEnquiry,
  type EnquiryFieldErrors,
  type EnquiryFormValues,
} from '../../../shared/enquiry/validation.js';
import { SOURCE_FIELDS, SOURCE_PAGE_FIELD } from '../../../shared/enquiry/lead-source.js';
import { SOURCE_STORAGE_KEY } from '../../lead-source-capture.js';
import type { CategorySlug } from '../../../shared/content/categories.js';
import type { Catalogue } from '../../../shared/i18n/catalogue.js';
import { localizedHref } from '../../../shared/i18n/page-address.js';
import { useContent, useLanguage, usePageData, useTexts } from '../../context/site-context.js';
import { ChosenDrawings, withoutFile } from './ChosenDrawings.js';
import { CountryField } from './CountryField.js';
import { RequestTerms } from './RequestTerms.js';
import { ErrorSummary } from './ErrorSummary.js';
import { SuccessNotice } from './SuccessNotice.js';
import { controlProps, FieldFrame, FormField } from '../FormField.js';
import { sendForm } from '../send-form.js';
import { useFocusAfterRender } from '../use-focus-after-render.js';
import { newToken, tokenForForm, tokenForNext, tokenForSending } from './form-token.js';

type Status =
  | { kind: 'idle' }
  | { kind: 'sending'; uploaded: number | null }
  | { kind: 'sent'; reference: number | undefined }
  | { kind: 'failed' }
  | { kind: 'refused'; message: string };

const fieldId = (field: string) => `enquiry-${field}`;
const DRAWINGS_ID = fieldId('drawings');
/** The drawings' limits, in the page's language. */
const limitsHint = (texts: Catalogue['form']) =>
  texts.drawingsHint(
    DRAWING_LIMITS.files,
    formatBytes(DRAWING_LIMITS.fileBytes),
    formatBytes(DRAWING_LIMITS.totalBytes),
  );
const unitOptions = (texts: Catalogue['form']) =>
  QUANTITY_UNITS.map((unit) => ({ value: unit, label: texts.units[unit] }));

/** The form's heading: the product asked about, when the page was opened for one. */
function formTitle(slug: CategorySlug | null, products: ProductNames, texts: Catalogue['form']): string {
  return slug ? texts.quoteFor(products[slug].name) : texts.sendUsMessage;
}

/** The form as a link such as /contact?product=flanges opens it: the product chosen, the subject prefilled. */
function initialValues(slug: CategorySlug | null, products: ProductNames, texts: Catalogue['form']): EnquiryFormValues {
  return slug
    ? { ...emptyEnquiryForm, product: slug, subject: texts.quoteSubject(products[slug].name) }
    : emptyEnquiryForm;
}

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

/** Where this tab's visit began (client/lead-source-capture.ts), as the form's hidden fields. */
function visitSource(): [name: string, value: string][] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(SOURCE_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    return Object.values(SOURCE_FIELDS).flatMap((name) => {
      const value = stored[name];
      return typeof value === 'string' && value !== '' ? [[name, value] as [string, string]] : [];
    });
  } catch {
    return [];
  }
}

/** The enquiry's fields as the form shows them now. */
const valuesIn = (form: HTMLFormElement): EnquiryFormValues => formValuesOf(Object.fromEntries(new FormData(form)));

/**
 * The enquiry and request-for-quotation form. Without JavaScript it is a plain multipart POST to
 * /contact that the server validates; with JavaScript it validates with the same schema, sends the
 * same form data in place (with upload progress for drawings) and reports the outcome in a live region.
 */
export function EnquiryForm() {
  const { company, products } = useContent();
  const texts = useTexts();
  const lang = useLanguage();
  const pageData = usePageData();
  const returned = pageData.contact;
  // Good for one enquiry: each one sent in place brings the token for the next (see form-token.ts).
  const [formToken, setFormToken] = useState(pageData.formToken ?? '');
  const [searchParams] = useSearchParams();
  // The product the page was opened for (Request a Quote; a returned form posted to the same address):
  // it heads the form, and the product and quantity come first.
  const [quoting] = useState(() => productFromQuery(searchParams.get('product')));
  // The form posts to its own page's address, in the page's language: the enquiry keeps that language.
  const action = localizedHref(lang, `/contact${quoting ? `?product=${quoting}` : ''}`);
  const [values, setValues] = useState<EnquiryFormValues>(
    () => returned?.values ?? initialValues(quoting, products, texts.form),
  );
  const [errors, setErrors] = useState<EnquiryFieldErrors>(returned?.errors ?? {});
  // Where the visit began, once hydrated (the server's page cannot know the tab's storage).
  const [source, setSource] = useState<[name: string, value: string][]>([]);
  const [status, setStatus] = useState<Status>(
    returned?.formError ? { kind: 'refused', message: returned.formError } : { kind: 'idle' },
  );
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const drawingsRef = useRef<HTMLInputElement>(null);
  // The drawings chosen, listed with their sizes under the input (hydrated only).
  const [chosen, setChosen] = useState<File[]>([]);
  const focusAfterRender = useFocusAfterRender();

  const holdToken = () => {
    const known = tokenForForm(pageData.formToken);
    if (known === null)
      void newToken().then(setFormToken, (error: unknown) =>
        console.error('no form token yet; asked again on focus', error),
      );
    else if (known !== formToken) setFormToken(known);
  };

  // Hydrated, the form renders again only when it must: on a phone, each render of it is a long task.
  useEffect(() => {
    const form = formRef.current!;
    // Scripts check the fields with the same schema as the server; the browser's own check steps aside.
    form.noValidate = true;
    // What a visitor typed before the scripts took over (a slow phone) is on the page but not in
    // React's state, which hydration does not read: take it in, so nothing typed is lost or misjudged.
    const shown = valuesIn(form);
    setValues((current) => (ENQUIRY_FIELDS.some((name) => current[name] !== shown[name]) ? shown : current));
    holdToken();
    setSource(visitSource());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when hydrated: later renders must not take the page's values again
  }, []);

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
    const validation = validateEnquiry(shown, texts.validation);
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
        if (drawingsRef.current) drawingsRef.current.value = '';
        setChosen([]);
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

  const sending = status.kind === 'sending';
  const summary = [...ENQUIRY_FIELDS, 'drawings' as const].flatMap((field) => {
    const message = errors[field];
    return message ? [[fieldId(field), message] as [string, string]] : [];
  });
  const field = (name: keyof EnquiryFormValues) => ({
    id: fieldId(name),
    name,
    label: texts.form.labels[name],
    value: values[name],
    error: errors[name],
    onChange,
  });

  const productField = (
    <FormField
      {...field('product')}
      options={[{ value: '', label: texts.form.chooseProduct }, ...productChoices(products, texts.form.otherProduct)]}
    />
  );
  const countryField = (
    <CountryField
      {...field('country')}
      list="enquiry-countries"
      maxLength={ENQUIRY_LIMITS.country}
      onChoose={(country) => setValues((current) => ({ ...current, country }))}
    />
  );
  const quantityFields = (
    <div className="form-row form-row--quantity">
      <FormField {...field('quantity')} type="number" min={0} max={10_000_000} step="any" inputMode="decimal" />
      <FormField {...field('unit')} options={unitOptions(texts.form)} />
    </div>
  );

  return (
    <form
      ref={formRef}
      id="enquiry-form"
      className="enquiry-form"
      method="post"
      action={`${action}#enquiry-form`}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      onFocus={() => void (formToken || holdToken())}
      aria-labelledby="enquiry-form-title"
    >
      {/* Takes focus when a link opens the page at the form (RouteChangeEffects). */}
      <h2 id="enquiry-form-title" tabIndex={-1}>
        {formTitle(quoting, products, texts.form)}
      </h2>
      <ErrorSummary ref={summaryRef} errors={summary} />
      <input type="hidden" name={FORM_NAME_FIELD} value={FORM_NAME} />
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
      {pageData.formSource !== undefined && (
        <input type="hidden" name={SOURCE_PAGE_FIELD} value={pageData.formSource} />
      )}
      {source.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="honeypot" aria-hidden="true">
        <label>
          Leave this field empty
          <input name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {quoting && (
        <div className="form-row form-row--quote">
          {productField}
          {quantityFields}
        </div>
      )}
      <FormField {...field('name')} required maxLength={ENQUIRY_LIMITS.name} autoComplete="name" />
      <div className="form-row">
        <FormField {...field('email')} type="email" maxLength={ENQUIRY_LIMITS.email} autoComplete="email" />
        <FormField {...field('phone')} type="tel" required maxLength={ENQUIRY_LIMITS.phoneMax} autoComplete="tel" />
      </div>
      <FormField {...field('subject')} required maxLength={ENQUIRY_LIMITS.subject} />
      <FormField {...field('message')} required multiline maxLength={ENQUIRY_LIMITS.message} />
      <fieldset className="quote-details">
        <legend>{quoting ? texts.form.moreDetails : texts.form.quoteDetails}</legend>
        <div className="form-row">
          {!quoting && productField}
          <FormField {...field('company')} maxLength={ENQUIRY_LIMITS.company} autoComplete="organization" />
          {countryField}
          {!quoting && quantityFields}
        </div>
        <datalist id="enquiry-countries">
          {COUNTRY_CHOICES.map(({ value, name }) => (
            <option key={value} value={value} label={value === name ? undefined : name} />
          ))}
        </datalist>
        {/* On a row of its own: its hint would push its box out of line with a neighbour's. */}
        <FormField {...field('material')} maxLength={ENQUIRY_LIMITS.material} hint={texts.form.materialHint} />
        <RequestTerms open={quoting !== null} field={field} />
        <FieldFrame id={DRAWINGS_ID} label={texts.form.drawings} error={errors.drawings} hint={limitsHint(texts.form)}>
          <input
            ref={drawingsRef}
            type="file"
            name="drawings"
            multiple
            accept={DRAWING_ACCEPT}
            {...controlProps(DRAWINGS_ID, errors.drawings, limitsHint(texts.form))}
            onChange={(event) => setChosen([...(event.currentTarget.files ?? [])])}
          />
          <ChosenDrawings
            files={chosen}
            onRemove={(index) => {
              const input = drawingsRef.current!;
              setChosen(withoutFile(input, index));
              input.focus();
            }}
          />
        </FieldFrame>
      </fieldset>
      <p className="field__hint">{texts.form.required}</p>
      <button type="submit" className="button button--accent" disabled={sending}>
        {sending ? texts.form.sending : texts.form.send}
      </button>
      <div className="form-status" aria-live="polite" role="status">
        {status.kind === 'sending' && status.uploaded !== null && (
          <p className="upload-progress">
            <label htmlFor="enquiry-progress">
              {texts.form.uploading} {Math.round(status.uploaded * 100)}%
            </label>
            <progress id="enquiry-progress" max={1} value={status.uploaded} />
          </p>
        )}
        {status.kind === 'sent' && <SuccessNotice reference={status.reference} />}
        {status.kind === 'failed' && <p className="notice notice--error">{texts.enquiryFailed(company.email)}</p>}
        {status.kind === 'refused' && <p className="notice notice--error">{status.message}</p>}
      </div>
    </form>
  );
}
