import { useTexts } from '../../context/site-context.js';

/**
 * The spec's thank-you, and under it the enquiry's reference number when one was stored: the same
 * words on the thank-you page (without JavaScript) and in the form (sent in place).
 */
export function SuccessNotice({ reference, role }: { reference: number | undefined; role?: 'status' }) {
  const texts = useTexts();
  return (
    <p className="notice notice--success" role={role}>
      {texts.enquirySent}
      {reference !== undefined && (
        <>
          <br />
          {texts.referenceNumber(reference)}
        </>
      )}
    </p>
  );
}
