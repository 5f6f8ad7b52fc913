/**
 * File-transfer links in an enquiry: buyers send drawings too big to attach (STEP files over the
 * limit) through these services. The desk shows each as such on the enquiry. One list, by host: the
 * host itself or any name under it.
 */
const TRANSFER_SERVICES: readonly { service: string; hosts: readonly string[] }[] = [
  { service: 'WeTransfer', hosts: ['wetransfer.com', 'we.tl'] },
  { service: 'Google Drive', hosts: ['drive.google.com', 'docs.google.com'] },
  { service: 'Dropbox', hosts: ['dropbox.com', 'db.tt'] },
  { service: 'OneDrive', hosts: ['onedrive.live.com', '1drv.ms', 'sharepoint.com'] },
  { service: 'Box', hosts: ['box.com'] },
  { service: 'iCloud', hosts: ['icloud.com'] },
  { service: 'MEGA', hosts: ['mega.nz'] },
  { service: 'SwissTransfer', hosts: ['swisstransfer.com'] },
  { service: 'Filemail', hosts: ['filemail.com'] },
  { service: 'Smash', hosts: ['fromsmash.com'] },
];

export interface TransferLink {
  /** The service's name, as people know it ("WeTransfer"). */
  service: string;
  /** The link as written (an http or https address). */
  url: string;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"')\]]+/gi;

function serviceOf(url: string): string | undefined {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  return TRANSFER_SERVICES.find(({ hosts }) => hosts.some((name) => host === name || host.endsWith(`.${name}`)))
    ?.service;
}

/** The file-transfer links in a text, in order, each once. */
export function transferLinksIn(text: string): TransferLink[] {
  const urls = [...new Set((text.match(URL_IN_TEXT) ?? []).map((url) => url.replace(/[.,;:!?]+$/, '')))];
  return urls.flatMap((url) => {
    const service = serviceOf(url);
    return service ? [{ service, url }] : [];
  });
}
