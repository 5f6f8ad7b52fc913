/** What the server answered: its status and its JSON body (null when the body was not JSON). */
export interface FormAnswer<Body> {
  status: number;
  body: Body | null;
}

/**
 * POSTs form data asking for JSON, reporting upload progress (0 to 1) as it goes: fetch cannot
 * report an upload's progress, XMLHttpRequest can. Rejects only when no answer came (network error).
 */
export function sendForm<Body>(
  url: string,
  data: FormData | URLSearchParams,
  onProgress: (fraction: number) => void,
): Promise<FormAnswer<Body>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: Body | null = null;
      try {
        body = JSON.parse(request.responseText) as Body;
      } catch {
        // not JSON: the status says enough
      }
      resolve({ status: request.status, body });
    });
    request.addEventListener('error', () => reject(new Error(`${url} could not be reached (network error).`)));
    request.send(data);
  });
}
