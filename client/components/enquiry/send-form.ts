import type { EnquiryFieldErrors } from '../../../shared/enquiry/validation.js';

export interface FormAnswer {
  status: number;
  body: { message?: string; errors?: EnquiryFieldErrors; formToken?: string } | null;
}

/**
 * POSTs form data asking for JSON, reporting upload progress (0 to 1) as it goes: fetch cannot
 * report an upload's progress, XMLHttpRequest can. Rejects only when no answer came (network error).
 */
export function sendForm(url: string, data: FormData, onProgress: (fraction: number) => void): Promise<FormAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: FormAnswer['body'] = null;
      try {
        body = JSON.parse(request.responseText) as FormAnswer['body'];
      } catch {
        // not JSON: the status says enough
      }
      resolve({ status: request.status, body });
    });
    request.addEventListener('error', () => reject(new Error('The enquiry could not be sent (network error).')));
    request.send(data);
  });
}
