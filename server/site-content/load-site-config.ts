import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { companySchema, type Company } from '../../shared/content/schema.js';
import { defaultCompany } from '../../shared/content/defaults.js';
import { resolveFromProject } from '../platform/paths.js';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../shared/time/time-zone.js';
import { check, ConfigError, nonEmpty, type Env } from '../config/env.js';
import { siteConfigFileSchema } from './site-config-schema.js';
import { DEFAULT_SITE_URL, parseSiteUrl } from '../config/site-url.js';

/** Operational settings of the site, from the environment only. */
export interface SiteSettings {
  /** Public origin used for canonical links, Open Graph and the sitemap, without a trailing slash. */
  siteUrl: string;
  /** True when neither SITE_URL nor SITE_CONFIG_FILE set it (start-up-warnings.ts). */
  siteUrlIsDefault: boolean;
  /** The business's time zone (IANA name): dates in the admin and its exports are shown in it. */
  timeZone: string;
}

/** A company detail the environment sets, to compare with the published content at start. */
export interface EnvironmentValue {
  variable: string;
  value: string;
  of: (company: Company) => string;
}

function readSiteConfigFile(path: string): z.infer<typeof siteConfigFileSchema> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(
      'SITE_CONFIG_FILE',
      `cannot be read: ${(error as Error).message}; e.g. SITE_CONFIG_FILE=/app/data/site.json`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      'SITE_CONFIG_FILE',
      `is not valid JSON: ${(error as Error).message}; e.g. {"companyName": "Your Forgings Pvt. Ltd."}`,
    );
  }
  return check(
    'SITE_CONFIG_FILE',
    siteConfigFileSchema,
    json,
    '{"siteUrl": "https://www.yourcompany.in", "email": "sales@yourcompany.in"}',
  );
}

/**
 * The site's settings, and the company details that seed its first content revision: defaults,
 * then SITE_CONFIG_FILE, then the single variables. Once the site has content, the site editor is
 * the source of the company details, and `fromEnvironment` is only compared with it.
 */
export function loadSiteConfig(env: Env): {
  settings: SiteSettings;
  seed: Company;
  fromEnvironment: EnvironmentValue[];
} {
  const path = nonEmpty(env, 'SITE_CONFIG_FILE');
  const file = path ? readSiteConfigFile(resolveFromProject(path)) : {};
  const { siteUrl: fileSiteUrl, companyName, grievanceContact, ...details } = file;
  const seed: Company = { ...structuredClone(defaultCompany), ...details };
  if (companyName) seed.name = companyName;
  if (details.email) seed.grievance.email = details.email;
  if (grievanceContact) seed.grievance = grievanceContact;

  const fromEnvironment: EnvironmentValue[] = [];
  const take = (
    variable: string,
    of: EnvironmentValue['of'],
    apply: (value: string) => void,
    checked?: { schema: z.ZodType<string>; example: string },
  ) => {
    const raw = nonEmpty(env, variable);
    if (raw === undefined) return;
    const value = checked ? check(variable, checked.schema, raw, checked.example) : raw;
    apply(value);
    fromEnvironment.push({ variable, value, of });
  };
  take(
    'COMPANY_NAME',
    (company) => company.name,
    (value) => (seed.name = value),
  );
  take(
    'CONTACT_EMAIL',
    (company) => company.email,
    (value) => {
      seed.email = value;
      // Privacy requests go to the contact e-mail unless the file names a grievance contact.
      if (!grievanceContact) seed.grievance.email = value;
    },
    { schema: companySchema.shape.email, example: 'CONTACT_EMAIL=sales@yourcompany.in' },
  );
  take(
    'CONTACT_PHONE_1',
    (company) => company.phones[0] ?? '',
    (value) => (seed.phones[0] = value),
  );
  take(
    'CONTACT_PHONE_2',
    (company) => company.phones[1] ?? '',
    (value) => (seed.phones[1] = value),
  );
  take(
    'WHATSAPP_NUMBER',
    (company) => company.whatsapp.number,
    (value) => (seed.whatsapp.number = value),
    { schema: companySchema.shape.whatsapp.shape.number, example: 'WHATSAPP_NUMBER=919825012345' },
  );
  take(
    'WHATSAPP_GREETING',
    (company) => company.whatsapp.greeting,
    (value) => (seed.whatsapp.greeting = value),
  );
  seed.phones = seed.phones.filter(Boolean);

  const siteUrl = nonEmpty(env, 'SITE_URL') ?? fileSiteUrl;
  const timeZone = nonEmpty(env, 'SITE_TIME_ZONE') ?? DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone))
    throw new ConfigError(
      'SITE_TIME_ZONE',
      `must be an IANA time zone, e.g. SITE_TIME_ZONE=Asia/Kolkata, got "${timeZone}"`,
    );
  return {
    settings: { siteUrl: parseSiteUrl(siteUrl ?? DEFAULT_SITE_URL), siteUrlIsDefault: siteUrl === undefined, timeZone },
    seed,
    fromEnvironment,
  };
}
