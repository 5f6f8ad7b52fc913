import { useState } from 'react';
import { newToken, tokenForForm } from './form-token.js';

/**
 * The form's token (see form-token.ts), good for one enquiry: the page's, then the one each enquiry
 * sent in place brings for the next. `holdToken` asks for one when the form has none yet.
 */
export function useFormToken(issued: string | undefined) {
  const [formToken, setFormToken] = useState(issued ?? '');
  const holdToken = () => {
    const known = tokenForForm(issued);
    if (known === null)
      void newToken().then(setFormToken, (error: unknown) =>
        console.error('no form token yet; asked again on focus', error),
      );
    else if (known !== formToken) setFormToken(known);
  };
  return { formToken, setFormToken, holdToken };
}
