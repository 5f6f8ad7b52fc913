import { useEffect, useRef, useState } from 'react';
import { headerNameWarning } from '../../../../shared/content/header-fit.js';

/** The warning's id: the name's field is described by it too. */
export const NAME_FIT_ID = 'field-name-fit';

/**
 * Under the company name: a warning when the header would need more than two lines for the name on
 * a phone, suggesting a short name. Rendered by the server from the form's values (so after a save
 * without JavaScript too), and with JavaScript again as the name or the short name is typed.
 */
export function NameFitHint({ name, shortName }: { name: string; shortName: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [typed, setTyped] = useState({ name, shortName });
  useEffect(() => {
    const form = ref.current?.closest('form');
    if (!form) return;
    const read = () => {
      const value = (field: string) => {
        const control = form.elements.namedItem(field);
        return control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement ? control.value : '';
      };
      setTyped({ name: value('name'), shortName: value('shortName') });
    };
    form.addEventListener('input', read);
    return () => form.removeEventListener('input', read);
  }, []);
  const warning = headerNameWarning(typed.name, typed.shortName);
  return (
    <p
      ref={ref}
      id={NAME_FIT_ID}
      className={warning ? 'field__warning' : 'field__warning field__warning--none'}
      aria-live="polite"
    >
      {warning}
    </p>
  );
}
