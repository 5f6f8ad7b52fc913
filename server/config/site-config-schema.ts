import { z } from 'zod';

const socialLink = z.object({
  network: z.enum(['linkedin', 'facebook', 'instagram']),
  label: z.string().min(1),
  href: z.url(),
});

/** What a SITE_CONFIG_FILE may contain: any subset of the site configuration. */
export const siteConfigFileSchema = z
  .object({
    companyName: z.string().min(1),
    siteUrl: z.url(),
    email: z.email(),
    phones: z.tuple([z.string().min(1), z.string().min(1)]),
    whatsapp: z.object({ number: z.string().regex(/^\d{6,15}$/, 'digits only, with country code'), greeting: z.string() }),
    address: z.array(z.string().min(1)).min(1),
    social: z.array(socialLink),
    hours: z.array(z.object({ days: z.string().min(1), hours: z.string().min(1) })),
    grievanceContact: z.object({ name: z.string().min(1), email: z.email() }),
  })
  .partial()
  .strict();
