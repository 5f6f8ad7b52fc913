import { certificateNotices } from '../../../shared/capability/certificates.js';
import { sectionPath } from '../../../shared/content/sections.js';
import { dayInZone } from '../../../shared/time/time-zone.js';
import { useContent } from '../../context/site-context.js';

/**
 * The certificates that expire within 30 days, or have expired and are no longer shown on the site,
 * each in a line, with a link to the Capability section where its date is changed; nothing when
 * none is. `now` is the server's clock when the page was made (ISO), read in the site's time zone.
 */
export function CertificateNotices({ now, timeZone }: { now: string; timeZone: string }) {
  const notices = certificateNotices(useContent().capability.certificates, dayInZone(new Date(now), timeZone));
  if (notices.length === 0) return null;
  return (
    <div className="notice notice--info certificate-notices">
      <ul>
        {notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
      <a href={sectionPath('capability')}>Update the certificates</a>
    </div>
  );
}
