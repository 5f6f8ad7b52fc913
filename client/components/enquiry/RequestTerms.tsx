import type { ChangeEvent } from 'react';
import { CERTIFICATES, choicesOf, INCOTERMS, TERMS_LIMITS } from '../../../shared/quotations/request-terms.js';
import type { EnquiryFormValues } from '../../../shared/enquiry/validation.js';
import { FormField } from '../FormField.js';

type FieldProps = (name: keyof EnquiryFormValues) => {
  id: string;
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
};

/** What a quotation needs (issue 39): shown on a product's request, folded on a general enquiry. */
export function RequestTerms({ open, field }: { open: boolean; field: FieldProps }) {
  return (
    <details className="request-terms" open={open}>
      <summary>Delivery and inspection terms</summary>
      <FormField {...field('treatment')} maxLength={TERMS_LIMITS.treatment} hint="For example normalised, Q&T" />
      <div className="form-row">
        <FormField {...field('incoterm')} options={choicesOf(INCOTERMS, 'Choose an Incoterm')} />
        <FormField {...field('place')} maxLength={TERMS_LIMITS.place} />
      </div>
      <div className="form-row">
        <FormField {...field('deadline')} type="date" />
        <FormField {...field('certificate')} options={choicesOf(CERTIFICATES, 'Choose a certificate')} />
      </div>
    </details>
  );
}
