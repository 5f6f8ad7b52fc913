import type { ReactNode } from 'react';
import { COUNTRY_SUGGESTIONS_ID } from '../../../shared/enquiry/country-suggestions.js';
import { productChoices, QUANTITY_UNITS } from '../../../shared/enquiry/quote.js';
import { ENQUIRY_LIMITS } from '../../../shared/enquiry/validation.js';
import type { CategorySlug } from '../../../shared/content/categories.js';
import type { FormTexts } from '../../../shared/i18n/catalogue.js';
import { useContent, useFormTexts } from '../../context/site-context.js';
import { CountryField } from './CountryField.js';
import { RequestTerms, type FieldProps } from './RequestTerms.js';
import { FormField } from '../FormField.js';

const unitOptions = (texts: FormTexts['form']) =>
  QUANTITY_UNITS.map((unit) => ({ value: unit, label: texts.units[unit] }));

/**
 * The enquiry's fields, those a visitor sees: the product and quantity first when the page was opened
 * for a product (`quoting`), else among the quote details, which end with `children` (the drawings).
 */
export function EnquiryFields({
  field,
  quoting,
  onCountry,
  children,
}: {
  field: FieldProps;
  quoting: CategorySlug | null;
  /** A country chosen from the field's list. */
  onCountry: (country: string) => void;
  children: ReactNode;
}) {
  const { products } = useContent();
  const formText = useFormTexts().form;
  const productField = (
    <FormField
      {...field('product')}
      options={[{ value: '', label: formText.chooseProduct }, ...productChoices(products, formText.otherProduct)]}
    />
  );
  const countryField = (
    <CountryField
      {...field('country')}
      list={COUNTRY_SUGGESTIONS_ID}
      maxLength={ENQUIRY_LIMITS.country}
      onChoose={onCountry}
    />
  );
  const quantityFields = (
    <div className="form-row form-row--quantity">
      <FormField {...field('quantity')} type="number" min={0} max={10_000_000} step="any" inputMode="decimal" />
      <FormField {...field('unit')} options={unitOptions(formText)} />
    </div>
  );
  return (
    <>
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
        <legend>{quoting ? formText.moreDetails : formText.quoteDetails}</legend>
        <div className="form-row">
          {!quoting && productField}
          <FormField {...field('company')} maxLength={ENQUIRY_LIMITS.company} autoComplete="organization" />
          {countryField}
          {!quoting && quantityFields}
        </div>
        {/* On a row of its own: its hint would push its box out of line with a neighbour's. */}
        <FormField {...field('material')} maxLength={ENQUIRY_LIMITS.material} hint={formText.materialHint} />
        <RequestTerms open={quoting !== null} field={field} />
        {children}
      </fieldset>
    </>
  );
}
