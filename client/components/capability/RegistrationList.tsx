import { registrationEntries } from '../../../shared/capability/records.js';
import { useCompany, useTexts } from '../../context/site-context.js';

/**
 * The company's registration numbers the owner filled in (legal name, GSTIN, IEC, CIN or Udyam
 * number; with `withYear`, the year established too), as a list of terms; nothing when none is.
 */
export function RegistrationList({ withYear, className }: { withYear: boolean; className?: string }) {
  const entries = registrationEntries(useCompany().registration, withYear, useTexts().proof);
  if (entries.length === 0) return null;
  return (
    <dl className={className ? `registration ${className}` : 'registration'}>
      {entries.map((entry) => (
        <div key={entry.label}>
          <dt>{entry.label}</dt>
          <dd>{entry.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Whether the owner filled in any registration number (with `withYear`, or the year). */
export function useHasRegistration(withYear: boolean): boolean {
  return registrationEntries(useCompany().registration, withYear, useTexts().proof).length > 0;
}
