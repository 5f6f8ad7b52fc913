import { z } from 'zod';
import { SOCIAL_NETWORKS } from '../../shared/content/company.js';
import { companySchema } from '../../shared/content/schema.js';

const company = companySchema.shape;

/** The file lists the profiles there are (a `label` is allowed, and not used); the content has each network's address, empty for none. */
const socialLinks = z
  .array(z.object({ network: z.enum(SOCIAL_NETWORKS), label: z.string().min(1).optional(), href: z.string() }))
  .transform((links) =>
    Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, links.findLast((link) => link.network === network)?.href ?? '']),
    ),
  )
  .pipe(company.social);

/**
 * What a SITE_CONFIG_FILE may contain: any subset. Except siteUrl, these only seed the site's first
 * content revision, each checked as the site editor checks it (a part of the content's Company, some
 * under names of their own); after that the site editor (/admin/site) is where they change.
 */
export const siteConfigFileSchema = z
  .object({
    companyName: company.name,
    shortName: company.shortName,
    siteUrl: z.url(),
    email: company.email,
    phones: company.phones,
    whatsapp: company.whatsapp,
    address: company.address,
    social: socialLinks,
    hours: company.hours,
    grievanceContact: company.grievance,
  })
  .partial()
  .strict();
