import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { productFromQuery, type ProductNames } from '../../../shared/enquiry/quote.js';
import { emptyEnquiryForm, ENQUIRY_FIELDS, type EnquiryFormValues } from '../../../shared/enquiry/validation.js';
import { SOURCE_FIELDS } from '../../../shared/enquiry/lead-source.js';
import { SOURCE_STORAGE_KEY } from '../../lead-source-capture.js';
import type { CategorySlug } from '../../../shared/content/categories.js';
import type { FormTexts } from '../../../shared/i18n/catalogue.js';
import { localizedHref } from '../../../shared/i18n/page-address.js';
import { useContent, useFormTexts, useLanguage, usePageData } from '../../context/site-context.js';
import { DrawingsField } from './DrawingsField.js';
import { EnquiryFields } from './EnquiryFields.js';
import { ErrorSummary } from './ErrorSummary.js';
import { FormStatus } from './FormStatus.js';
import { HiddenFields } from './HiddenFields.js';
import { useEnquiryForm, valuesIn } from './use-enquiry-form.js';
import { useFormToken } from './use-form-token.js';

const fieldId = (field: string) => `enquiry-${field}`;

/** The form's heading: the product asked about, when the page was opened for one. */
function formTitle(slug: CategorySlug | null, products: ProductNames, texts: FormTexts['form']): string {
  return slug ? texts.quoteFor(products[slug].name) : texts.sendUsMessage;
}

/** The form as a link such as /contact?product=flanges opens it: the product chosen, the subject prefilled. */
function initialValues(slug: CategorySlug | null, products: ProductNames, texts: FormTexts['form']): EnquiryFormValues {
  return slug
    ? { ...emptyEnquiryForm, product: slug, subject: texts.quoteSubject(products[slug].name) }
    : emptyEnquiryForm;
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

/**
 * The enquiry and request-for-quotation form. Without JavaScript it is a plain multipart POST to
 * /contact that the server validates; with JavaScript it validates with the same schema, sends the
 * same form data in place (with upload progress for drawings) and reports the outcome in a live region.
 */
export function EnquiryForm() {
  const { products } = useContent();
  const { form: formText, validation: validationText } = useFormTexts();
  const pageData = usePageData();
  // Good for one enquiry: each one sent in place brings the token for the next (see form-token.ts).
  const { formToken, setFormToken, holdToken } = useFormToken(pageData.formToken);
  const [searchParams] = useSearchParams();
  // The product the page was opened for (Request a Quote; a returned form posted to the same address):
  // it heads the form, and the product and quantity come first.
  const [quoting] = useState(() => productFromQuery(searchParams.get('product')));
  // The form posts to its own page's address, in the page's language: the enquiry keeps that language.
  const action = localizedHref(useLanguage(), `/contact${quoting ? `?product=${quoting}` : ''}`);
  // Where the visit began, once hydrated (the server's page cannot know the tab's storage).
  const [source, setSource] = useState<[name: string, value: string][]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const drawingsRef = useRef<HTMLInputElement>(null);
  // The drawings chosen, listed with their sizes under the input (hydrated only).
  const [chosen, setChosen] = useState<File[]>([]);
  const { values, setValues, errors, status, summaryRef, onChange, onSubmit } = useEnquiryForm({
    initialValues: () => initialValues(quoting, products, formText),
    returned: pageData.contact,
    action,
    validationText,
    drawingsRef,
    setFormToken,
    onSent: () => {
      if (drawingsRef.current) drawingsRef.current.value = '';
      setChosen([]);
    },
  });

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
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the tab's storage, which the server's page cannot know, read once when hydrated
    setSource(visitSource());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when hydrated: later renders must not take the page's values again
  }, []);

  const sending = status.kind === 'sending';
  const summary = [...ENQUIRY_FIELDS, 'drawings' as const].flatMap((field) => {
    const message = errors[field];
    return message ? [[fieldId(field), message] as [string, string]] : [];
  });
  const field = (name: keyof EnquiryFormValues) => ({
    id: fieldId(name),
    name,
    label: formText.labels[name],
    value: values[name],
    error: errors[name],
    onChange,
  });

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
        {formTitle(quoting, products, formText)}
      </h2>
      <ErrorSummary ref={summaryRef} heading={formText.correct} errors={summary} />
      <HiddenFields formToken={formToken} formSource={pageData.formSource} source={source} />
      <EnquiryFields
        field={field}
        quoting={quoting}
        onCountry={(country) => setValues((current) => ({ ...current, country }))}
      >
        <DrawingsField
          id={fieldId('drawings')}
          inputRef={drawingsRef}
          chosen={chosen}
          onChoose={setChosen}
          error={errors.drawings}
        />
      </EnquiryFields>
      <p className="field__hint">{formText.required}</p>
      <button type="submit" className="button button--accent" disabled={sending}>
        {sending ? formText.sending : formText.send}
      </button>
      <FormStatus status={status} />
    </form>
  );
}
