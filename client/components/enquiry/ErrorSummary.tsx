import { forwardRef } from 'react';
import { useTexts } from '../../context/site-context.js';

/** The list of what to correct, shown above a form; each entry links to its field. */
export const ErrorSummary = forwardRef<HTMLDivElement, { errors: [fieldId: string, message: string][] }>(
  function ErrorSummary({ errors }, ref) {
    const { form } = useTexts();
    if (errors.length === 0) return null;
    return (
      <div className="error-summary" ref={ref} tabIndex={-1} aria-labelledby="error-summary-title">
        <h3 id="error-summary-title">{form.correct}</h3>
        <ul>
          {errors.map(([fieldId, message]) => (
            <li key={fieldId}>
              <a href={`#${fieldId}`}>{message}</a>
            </li>
          ))}
        </ul>
      </div>
    );
  },
);
