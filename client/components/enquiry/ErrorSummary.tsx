import { forwardRef } from 'react';

/** The list of what to correct, shown above a form under its heading; each entry links to its field. */
export const ErrorSummary = forwardRef<
  HTMLDivElement,
  { heading: string; errors: [fieldId: string, message: string][] }
>(function ErrorSummary({ heading, errors }, ref) {
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} aria-labelledby="error-summary-title">
      <h3 id="error-summary-title">{heading}</h3>
      <ul>
        {errors.map(([fieldId, message]) => (
          <li key={fieldId}>
            <a href={`#${fieldId}`}>{message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
});
