import { z } from 'zod';

const socialLink = z.object({
  network: z.enum(['linkedin', 'facebook', 'instagram', 'youtube', 'x']),
  label: z.string().min(1).optional(),
  href: z.url({ protocol: /^https$/ }),
});

/**
 * What a SITE_CONFIG_FILE may contain: any subset. Except siteUrl, these only seed the site's first
 * content revision; after that the site editor (/admin/site) is where they change.
 */
export const siteConfigFileSchema = z
  .object({
    companyName: z.string().min(1),
    shortName: z.string(),
    siteUrl: z.url(),
    email: z.email(),
    phones: z.array(z.string().min(1)).min(1).max(3),
    whatsapp: z.object({ number: z.string().regex(/^\d{6,15}$/, 'digits only, with country code'), greeting: z.string() }),
    address: z.array(z.string().min(1)).min(1),
    social: z.array(socialLink),
    hours: z.array(z.object({ days: z.string().min(1), hours: z.string().min(1) })),
    grievanceContact: z.object({ name: z.string().min(1), email: z.email() }),
  })
  .partial()
  .strict();
