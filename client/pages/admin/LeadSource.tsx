import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { campaignOf, DIRECT_OR_UNKNOWN } from '../../../shared/enquiry/lead-source.js';

/**
 * Where an enquiry's lead came from: the first page of the buyer's visit, the other site that sent
 * them, and the campaign named in the address they arrived at; "Direct or unknown" when none is known.
 * Every value came from the buyer's browser: React escapes it, and nothing of it is a link.
 */
export function LeadSource({
  enquiry,
  headingLevel = 3,
}: {
  enquiry: Pick<Enquiry, 'id' | 'source'>;
  headingLevel?: 2 | 3 | 4;
}) {
  const { landing, referrer } = enquiry.source;
  const campaign = campaignOf(enquiry.source);
  const Heading = `h${headingLevel}` as const;
  const titleId = `lead-source-${enquiry.id}`;
  return (
    <section className="lead-source" aria-labelledby={titleId}>
      <Heading id={titleId} className="lead-source__title">
        Source
      </Heading>
      {landing === null && referrer === null && campaign === '' ? (
        <p>{DIRECT_OR_UNKNOWN}</p>
      ) : (
        <dl>
          {landing !== null && (
            <div>
              <dt>Landing page</dt>
              <dd className="lead-source__path">{landing}</dd>
            </div>
          )}
          <div>
            <dt>Referrer</dt>
            <dd>{referrer ?? (campaign ? 'None' : DIRECT_OR_UNKNOWN)}</dd>
          </div>
          {campaign && (
            <div>
              <dt>Campaign (source / medium / campaign)</dt>
              <dd>{campaign}</dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}
