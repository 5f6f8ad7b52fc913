import { accessSync, constants, mkdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { defaultSiteConfig, type SiteConfig } from '../../shared/config/site-config.js';
import { MIN_PASSWORD_LENGTH } from '../auth/admin-accounts.js';
import { projectRoot } from '../paths.js';
import { siteConfigFileSchema } from './site-config-schema.js';

export type RunMode = 'production' | 'development';

export interface ServerConfig {
  mode: RunMode;
  host: string;
  port: number;
  logLevel: string;
  dataDir: string;
  databasePath: string;
  trustProxy: boolean;
  /** Session-signing secret from SESSION_SECRET; when absent one is generated in dataDir. */
  sessionSecret: string | undefined;
  /** Admin account created or updated at start, when both are set. */
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** E-mail a summary of each new enquiry, when SMTP_URL and NOTIFY_TO are both set. */
  mail: { smtpUrl: string; to: string; from: string } | undefined;
  /** Enquiries accepted per client per minute. */
  enquiryRateLimit: number;
  site: SiteConfig;
}

/** A configuration mistake, reported as one line naming the variable. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function nonEmpty(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 0 || port > 65535) {
    throw new ConfigError('PORT', `must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
}

function parsePositiveInteger(env: Env, name: string, fallback: number): number {
  const value = nonEmpty(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new ConfigError(name, `must be a whole number of 1 or more, got "${value}"`);
  return Number(value);
}

function parseBoolean(env: Env, name: string): boolean {
  const value = nonEmpty(env, name)?.toLowerCase();
  if (value === undefined || ['0', 'false', 'no', 'off'].includes(value)) return false;
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  throw new ConfigError(name, `must be true or false, got "${value}"`);
}

function check<T>(variable: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
    throw new ConfigError(variable, `is invalid${where}: ${issue.message}`);
  }
  return result.data;
}

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

function loadSiteConfig(env: Env): SiteConfig {
  const file = nonEmpty(env, 'SITE_CONFIG_FILE');
  const site: SiteConfig = { ...defaultSiteConfig, ...(file ? readSiteConfigFile(resolvePath(file)) : {}) };
  const companyName = nonEmpty(env, 'COMPANY_NAME');
  if (companyName) site.companyName = companyName;
  const siteUrl = nonEmpty(env, 'SITE_URL');
  if (siteUrl) site.siteUrl = check('SITE_URL', z.url({ protocol: /^https?$/ }), siteUrl);
  const email = nonEmpty(env, 'CONTACT_EMAIL');
  if (email) site.email = check('CONTACT_EMAIL', z.email(), email);
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

function loadMailSettings(env: Env, site: SiteConfig): ServerConfig['mail'] {
  const smtpUrl = nonEmpty(env, 'SMTP_URL');
  const to = nonEmpty(env, 'NOTIFY_TO');
  if (!smtpUrl && !to) return undefined;
  if (!smtpUrl) throw new ConfigError('SMTP_URL', 'must be set when NOTIFY_TO is set');
  if (!to) throw new ConfigError('NOTIFY_TO', 'must be set when SMTP_URL is set');
  return {
    smtpUrl: check('SMTP_URL', z.url({ protocol: /^smtps?$/ }), smtpUrl),
    to: check('NOTIFY_TO', z.email(), to),
    from: check('NOTIFY_FROM', z.email(), nonEmpty(env, 'NOTIFY_FROM') ?? site.email),
  };
}

function resolvePath(path: string): string {
  return isAbsolute(path) ? path : join(projectRoot, path);
}

/** Creates the directory if needed and checks that the server can write there. */
function writableDirectory(variable: string, path: string): string {
  try {
    mkdirSync(path, { recursive: true });
    accessSync(path, constants.W_OK);
  } catch (error) {
    throw new ConfigError(variable, `names a directory the server cannot write to (${path}): ${(error as Error).message}`);
  }
  return path;
}

/** Reads the whole configuration from the environment; throws ConfigError on the first bad value. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const mode: RunMode = env.NODE_ENV === 'development' ? 'development' : 'production';
  const site = loadSiteConfig(env);
  const dataDir = writableDirectory('DATA_DIR', resolvePath(nonEmpty(env, 'DATA_DIR') ?? 'data'));
  const databasePath = resolvePath(nonEmpty(env, 'DATABASE_PATH') ?? join(dataDir, 'forge.db'));
  writableDirectory('DATABASE_PATH', dirname(databasePath));
  return {
    mode,
    host: nonEmpty(env, 'HOST') ?? 'localhost',
    port: parsePort(nonEmpty(env, 'PORT')),
    logLevel: check(
      'LOG_LEVEL',
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
      nonEmpty(env, 'LOG_LEVEL') ?? 'info',
    ),
    dataDir,
    databasePath,
    trustProxy: parseBoolean(env, 'TRUST_PROXY'),
    sessionSecret: check(
      'SESSION_SECRET',
      z.optional(z.string().min(32, 'must be at least 32 characters')),
      nonEmpty(env, 'SESSION_SECRET'),
    ),
    enquiryRateLimit: parsePositiveInteger(env, 'ENQUIRY_RATE_LIMIT', 5),
    adminEmail: check('ADMIN_EMAIL', z.optional(z.email()), nonEmpty(env, 'ADMIN_EMAIL')),
    adminPassword: check(
      'ADMIN_PASSWORD',
      z.optional(z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)),
      env.ADMIN_PASSWORD || undefined,
    ),
    site,
    mail: loadMailSettings(env, site),
  };
}
