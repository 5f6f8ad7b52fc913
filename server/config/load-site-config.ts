import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { defaultSiteConfig, type SiteConfig } from '../../shared/config/site-config.js';
import { resolveFromProject } from '../paths.js';
import { isTimeZone } from '../../shared/time/time-zone.js';
import { check, ConfigError, nonEmpty, type Env } from './env.js';
import { siteConfigFileSchema } from './site-config-schema.js';

function readSiteConfigFile(path: string): Partial<SiteConfig> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError('SITE_CONFIG_FILE', `cannot be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError('SITE_CONFIG_FILE', `is not valid JSON: ${(error as Error).message}`);
  }
  return check('SITE_CONFIG_FILE', siteConfigFileSchema, json) as Partial<SiteConfig>;
}

/** The site configuration: defaults, then SITE_CONFIG_FILE, then the single variables. */
export function loadSiteConfig(env: Env): SiteConfig {
  const file = nonEmpty(env, 'SITE_CONFIG_FILE');
  const fromFile = file ? readSiteConfigFile(resolveFromProject(file)) : {};
  const site: SiteConfig = { ...defaultSiteConfig, ...fromFile };
  const companyName = nonEmpty(env, 'COMPANY_NAME');
  if (companyName) site.companyName = companyName;
  const siteUrl = nonEmpty(env, 'SITE_URL');
  if (siteUrl) site.siteUrl = check('SITE_URL', z.url({ protocol: /^https?$/ }), siteUrl);
  const email = nonEmpty(env, 'CONTACT_EMAIL');
  if (email) site.email = check('CONTACT_EMAIL', z.email(), email);
  // Privacy requests go to the contact e-mail unless the file names a grievance contact.
  if (!fromFile.grievanceContact) site.grievanceContact = { ...site.grievanceContact, email: site.email };
  const timeZone = nonEmpty(env, 'SITE_TIME_ZONE');
  if (timeZone) {
    if (!isTimeZone(timeZone)) throw new ConfigError('SITE_TIME_ZONE', `must be an IANA time zone such as Asia/Kolkata, got "${timeZone}"`);
    site.timeZone = timeZone;
  }
  const phone1 = nonEmpty(env, 'CONTACT_PHONE_1');
  const phone2 = nonEmpty(env, 'CONTACT_PHONE_2');
  if (phone1 || phone2) site.phones = [phone1 ?? site.phones[0], phone2 ?? site.phones[1]];
  const whatsappNumber = nonEmpty(env, 'WHATSAPP_NUMBER');
  if (whatsappNumber) {
    site.whatsapp = {
      ...site.whatsapp,
      number: check('WHATSAPP_NUMBER', z.string().regex(/^\d{6,15}$/, 'digits only, with country code'), whatsappNumber),
    };
  }
  const greeting = nonEmpty(env, 'WHATSAPP_GREETING');
  if (greeting) site.whatsapp = { ...site.whatsapp, greeting };
  site.siteUrl = site.siteUrl.replace(/\/+$/, '');
  return site;
}

