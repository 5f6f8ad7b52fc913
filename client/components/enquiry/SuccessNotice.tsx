import { referenceMessage, SUCCESS_MESSAGE } from '../../../shared/enquiry/messages.js';

/**
 * The spec's thank-you, and under it the enquiry's reference number when one was stored: the same
 * words on the thank-you page (without JavaScript) and in the form (sent in place).
 */
export function SuccessNotice({ reference, role }: { reference: number | undefined; role?: 'status' }) {
  return (
    <p className="notice notice--success" role={role}>
      {SUCCESS_MESSAGE}
      {reference !== undefined && (
        <>
          <br />
          {referenceMessage(reference)}
        </>
      )}
    </p>
  );
}
