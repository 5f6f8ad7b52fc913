import type { ChangeEvent } from 'react';
import {
  CERTIFICATES,
  choicesOf,
  INCOTERMS,
  INSPECTIONS,
  TERMS_LIMITS,
  THIRD_PARTY_INSPECTION,
} from '../../../shared/quotations/request-terms.js';
import { CURRENCY_CODES } from '../../../shared/quotations/money.js';
import type { EnquiryFormValues } from '../../../shared/enquiry/validation.js';
import { MAX_QUANTITY } from '../../../shared/enquiry/quote.js';
import { useFormTexts } from '../../context/site-context.js';
import { FormField } from '../FormField.js';

/** The props of one of the form's fields, by its name (EnquiryForm's `field`). */
export type FieldProps = (name: keyof EnquiryFormValues) => {
  id: string;
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
};

const CURRENCY_OPTIONS = CURRENCY_CODES.map((code) => ({ value: code, label: code }));

/** What a quotation needs (issue 39): shown on a product's request, folded on a general enquiry. */
export function RequestTerms({ open, field }: { open: boolean; field: FieldProps }) {
  const texts = useFormTexts().form;
  return (
    <details className="request-terms" open={open}>
      <summary>{texts.terms}</summary>
      <div className="form-row">
        <FormField {...field('annual')} type="number" min={0} max={MAX_QUANTITY} step="any" inputMode="decimal" />
        <FormField {...field('price')} inputMode="decimal" hint={texts.priceHint} />
        <FormField {...field('currency')} options={CURRENCY_OPTIONS} />
      </div>
      <FormField {...field('treatment')} maxLength={TERMS_LIMITS.treatment} hint={texts.treatmentHint} />
      <div className="form-row">
        <FormField {...field('incoterm')} options={choicesOf(INCOTERMS, texts.chooseIncoterm)} />
        <FormField {...field('place')} maxLength={TERMS_LIMITS.place} />
      </div>
      <div className="form-row">
        <FormField {...field('deadline')} type="date" />
        <FormField
          {...field('certificate')}
          options={choicesOf(CERTIFICATES, texts.chooseCertificate, (value) =>
            value === THIRD_PARTY_INSPECTION ? texts.thirdPartyInspection : value,
          )}
        />
      </div>
      <div className="form-row">
        <FormField {...field('inspection')} options={choicesOf(INSPECTIONS, texts.noInspection)} />
        <FormField {...field('inspector')} maxLength={TERMS_LIMITS.inspector} hint={texts.inspectorHint} />
      </div>
    </details>
  );
}
