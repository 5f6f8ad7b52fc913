import { useContent, useFormTexts, useTexts } from '../../context/site-context.js';
import { SuccessNotice } from './SuccessNotice.js';
import type { Status } from './use-enquiry-form.js';

/** The form's live region: the upload's progress, then whether the enquiry was sent, failed or was refused. */
export function FormStatus({ status }: { status: Status }) {
  const { company } = useContent();
  const texts = useTexts();
  const formText = useFormTexts().form;
  return (
    <div className="form-status" aria-live="polite" role="status">
      {status.kind === 'sending' && status.uploaded !== null && (
        <p className="upload-progress">
          <label htmlFor="enquiry-progress">
            {formText.uploading} {Math.round(status.uploaded * 100)}%
          </label>
          <progress id="enquiry-progress" max={1} value={status.uploaded} />
        </p>
      )}
      {status.kind === 'sent' && <SuccessNotice reference={status.reference} />}
      {status.kind === 'failed' && <p className="notice notice--error">{texts.enquiryFailed(company.email)}</p>}
      {status.kind === 'refused' && <p className="notice notice--error">{status.message}</p>}
    </div>
  );
}
