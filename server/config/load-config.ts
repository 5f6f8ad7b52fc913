import { accessSync, constants, mkdirSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { Company } from '../../shared/content/schema.js';
import { MIN_PASSWORD_LENGTH } from '../../shared/admin/security.js';
import type { MailSenderSettings } from '../platform/mail/mail-sender.js';
import { loadMailboxSettings, type MailboxSettings } from '../enquiries/mailbox/mailbox-config.js';
import { resolveDataPaths } from './data-paths.js';
import { loadBackupSetting, type BackupSetting } from '../off-site/backup-target.js';
import { loadWebhookSettings, type WebhookSettings } from './webhook-settings.js';
import { check, ConfigError, nonEmpty, parsePort, parsePositiveInteger, parseSecondsAsMs, type Env } from './env.js';
import { loadSiteConfig, type EnvironmentValue, type SiteSettings } from '../site-content/load-site-config.js';

export { ConfigError } from './env.js';

export type RunMode = 'production' | 'development';

export interface ServerConfig {
  mode: RunMode;
  host: string;
  port: number;
  logLevel: string;
  dataDir: string;
  databasePath: string;
  /** Fastify's trustProxy (TRUST_PROXY): false, true, the proxies' addresses, or a hop count as a function. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Session-signing secret from SESSION_SECRET; when absent one is generated in dataDir. */
  sessionSecret: string | undefined;
  /** The admin account created at the first start (both set, or neither: then a generated password). */
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** E-mail each new enquiry, and the owner's notices of sign-ins and factor changes, when SMTP_URL and NOTIFY_TO are both set; each stage of a send within timeoutMs. */
  mail: MailSenderSettings | undefined;
  /** The mailbox buyers' replies are read from (IMAP_URL, IMAP_POLL_SECONDS); undefined when IMAP_URL is not set. */
  mailbox: MailboxSettings | undefined;
  /** Enquiries accepted per client network (IPv4 address, IPv6 /64) per minute (ENQUIRY_RATE_LIMIT). */
  enquiryRateLimit: number;
  /** Bytes of drawings kept per client network per 10 minutes (ENQUIRY_DRAWINGS_MB). */
  enquiryDrawingBytes: number;
  /** Enquiry uploads under way at once per client network (UPLOADS_PER_NETWORK) and overall (UPLOADS_AT_ONCE). */
  uploadsPerNetwork: number;
  uploadsAtOnce: number;
  /** An upload from which no byte arrives for this long is ended (UPLOAD_IDLE_SECONDS). */
  uploadIdleMs: number;
  /** Open connections at once (MAX_CONNECTIONS); past it new ones are closed, leaving descriptors free. */
  maxConnections: number;
  /** /healthz turns 503 when less than this is free under the data directory (MIN_FREE_SPACE_MB). */
  minFreeBytes: number;
  /** Days an enquiry stays in Trash, or in Spam, before it is deleted permanently (TRASH_RETENTION_DAYS). */
  trashRetentionDays: number;
  /** Enquiries older than this many months are deleted permanently, daily (ENQUIRY_RETENTION_MONTHS); undefined: kept. */
  enquiryRetentionMonths: number | undefined;
  /** Days after today that setting the stage to Quoted proposes a follow-up for (FOLLOW_UP_DAYS). */
  followUpDays: number;
  /** The hour of the morning digest to NOTIFY_TO, 0–23 in the site's time zone (DIGEST_HOUR); null: "off", none. */
  digestHour: number | null;
  /** A request whose body has not fully arrived by then is answered 408 and closed. */
  requestTimeoutMs: number;
  /** Where the off-site copies go (BACKUP_TARGET and the variables its kind needs); undefined: none made. */
  backup: BackupSetting;
  /** Webhooks: private targets allowed (WEBHOOK_ALLOW_PRIVATE) and each attempt's time limit (WEBHOOK_TIMEOUT_SECONDS). */
  webhooks: WebhookSettings;
  site: SiteSettings;
  /** The company details the site's first content revision starts from (see load-site-config.ts). */
  seed: Company;
  /** Company details set by variables, compared with the published content at start. */
  fromEnvironment: EnvironmentValue[];
}

/** SMTP_URL, NOTIFY_TO, NOTIFY_FROM (default: the seed's e-mail) and SMTP_TIMEOUT_SECONDS; undefined when neither of the first two is set. */
export function loadMailSettings(env: Env, seed: Company): ServerConfig['mail'] {
  const smtpUrl = nonEmpty(env, 'SMTP_URL');
  const to = nonEmpty(env, 'NOTIFY_TO');
  if (!smtpUrl && !to) return undefined;
  // In the order of docs/configuration.md: SMTP_URL (set, then well-formed), its time limit, then NOTIFY_TO.
  if (!smtpUrl) throw new ConfigError('SMTP_URL', `must be set when NOTIFY_TO is set, e.g. ${SMTP_URL_EXAMPLE}`);
  const checkedUrl = parseSmtpUrl(smtpUrl);
  // Connecting, the greeting and each command's answer: a mail server that never answers costs a send this long.
  const timeoutMs = parseSecondsAsMs(env, 'SMTP_TIMEOUT_SECONDS', 10);
  if (!to) throw new ConfigError('NOTIFY_TO', 'must be set when SMTP_URL is set, e.g. NOTIFY_TO=sales@yourcompany.in');
  return {
    smtpUrl: checkedUrl,
    to: check('NOTIFY_TO', z.email(), to, 'NOTIFY_TO=sales@yourcompany.in'),
    from: check(
      'NOTIFY_FROM',
      z.email(),
      nonEmpty(env, 'NOTIFY_FROM') ?? seed.email,
      'NOTIFY_FROM=desk@yourcompany.in',
    ),
    timeoutMs,
  };
}

const SMTP_URL_EXAMPLE = 'smtps://user:password@mail.example.com';

/** SMTP_URL: smtp:// or smtps://, naming the mail server; the message says what a right one looks like. */
export function parseSmtpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      'SMTP_URL',
      `must be a URL such as ${SMTP_URL_EXAMPLE} (the value is not shown: it may hold a password)`,
    );
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new ConfigError(
      'SMTP_URL',
      `must start with smtp:// or smtps://, e.g. ${SMTP_URL_EXAMPLE}, got "${url.protocol}//"`,
    );
  if (!url.hostname) throw new ConfigError('SMTP_URL', `must name the mail server, e.g. ${SMTP_URL_EXAMPLE}`);
  return value;
}

/**
 * TRUST_PROXY, in one of its documented forms only: `false`, how many reverse proxies stand in front
 * (1 behind one nginx or Caddy; 0 is false), their addresses (IPs or CIDR ranges, comma-separated), or
 * `true`, which trusts every X-Forwarded-For entry, so any client could choose its own address (accepted
 * with a warning at start). Anything else (`yes`, `on`, a host name) stops the start.
 */
export function parseTrustProxy(value: string | undefined): ServerConfig['trustProxy'] {
  if (value === undefined) return false;
  const lower = value.toLowerCase();
  if (lower === 'false') return false;
  if (lower === 'true') return true;
  if (/^\d+$/.test(value)) {
    // The first `hops` addresses from this server's side are proxies (as Fastify does for a number).
    const hops = Number(value);
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  const addresses = value.split(',').map((part) => part.trim());
  const valid = (address: string) => {
    const [ip, bits, ...rest] = address.split('/');
    const version = isIP(ip ?? '');
    return (
      version !== 0 &&
      rest.length === 0 &&
      (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128)))
    );
  };
  if (!addresses.every(valid)) {
    throw new ConfigError(
      'TRUST_PROXY',
      `must be false, a number of proxies (e.g. 1), their addresses (e.g. 10.0.0.2,192.168.0.0/16) or true, got "${value}"`,
    );
  }
  return addresses;
}

/** ADMIN_EMAIL and ADMIN_PASSWORD create the first account together; one without the other is a mistake, not a hint. */
function loadAdminSettings(env: Env): Pick<ServerConfig, 'adminEmail' | 'adminPassword'> {
  const adminEmail = check(
    'ADMIN_EMAIL',
    z.optional(z.email()),
    nonEmpty(env, 'ADMIN_EMAIL'),
    'ADMIN_EMAIL=owner@yourcompany.in',
  );
  const adminPassword = check(
    'ADMIN_PASSWORD',
    z.optional(z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)),
    env.ADMIN_PASSWORD || undefined,
    'ADMIN_PASSWORD="a long phrase only you know"',
  );
  if (adminEmail && !adminPassword)
    throw new ConfigError(
      'ADMIN_PASSWORD',
      'must be set when ADMIN_EMAIL is set (they create the first admin account together), e.g. ADMIN_PASSWORD="a long phrase only you know"',
    );
  if (adminPassword && !adminEmail)
    throw new ConfigError(
      'ADMIN_EMAIL',
      'must be set when ADMIN_PASSWORD is set (they create the first admin account together), e.g. ADMIN_EMAIL=owner@yourcompany.in',
    );
  return { adminEmail, adminPassword };
}

/** Creates the directory if needed and checks that the server can write there. */
function writableDirectory(variable: string, path: string): string {
  try {
    mkdirSync(path, { recursive: true });
    accessSync(path, constants.W_OK);
  } catch (error) {
    throw new ConfigError(
      variable,
      `names a directory the server cannot write to (${path}): ${(error as Error).message}; ` +
        `make it writable by the server's user, or name another, e.g. ${variable}=${variable === 'DATA_DIR' ? '/app/data' : '/app/data/forge.db'}`,
    );
  }
  return path;
}

/**
 * Reads the whole configuration from the environment; throws ConfigError on the first bad value. The
 * settings are checked in the order docs/configuration.md lists them (an object literal's properties
 * are evaluated in order), after SITE_CONFIG_FILE and the site's settings it may hold, which come
 * first: NOTIFY_FROM defaults to its e-mail.
 */
export function loadConfig(env: Env = process.env): ServerConfig {
  const { settings: site, seed, fromEnvironment } = loadSiteConfig(env);
  const port = parsePort(nonEmpty(env, 'PORT'));
  const host = nonEmpty(env, 'HOST') ?? 'localhost';
  const mode: RunMode = env.NODE_ENV === 'development' ? 'development' : 'production';
  const logLevel = check(
    'LOG_LEVEL',
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    nonEmpty(env, 'LOG_LEVEL') ?? 'info',
    'LOG_LEVEL=info',
  );
  const { dataDir, databasePath } = resolveDataPaths(env);
  writableDirectory('DATA_DIR', dataDir);
  writableDirectory('DATABASE_PATH', dirname(databasePath));
  return {
    mode,
    host,
    port,
    logLevel,
    dataDir,
    databasePath,
    sessionSecret: check(
      'SESSION_SECRET',
      z.optional(z.string().min(32, 'must be at least 32 characters')),
      nonEmpty(env, 'SESSION_SECRET'),
      'SESSION_SECRET=$(openssl rand -hex 32)',
    ),
    trustProxy: parseTrustProxy(nonEmpty(env, 'TRUST_PROXY')),
    ...loadAdminSettings(env),
    enquiryRateLimit: parsePositiveInteger(env, 'ENQUIRY_RATE_LIMIT', 5),
    enquiryDrawingBytes: parsePositiveInteger(env, 'ENQUIRY_DRAWINGS_MB', 25) * 1024 * 1024,
    uploadsPerNetwork: parsePositiveInteger(env, 'UPLOADS_PER_NETWORK', 3),
    uploadsAtOnce: parsePositiveInteger(env, 'UPLOADS_AT_ONCE', 50),
    uploadIdleMs: parseSecondsAsMs(env, 'UPLOAD_IDLE_SECONDS', 30),
    maxConnections: parsePositiveInteger(env, 'MAX_CONNECTIONS', 1000),
    trashRetentionDays: parsePositiveInteger(env, 'TRASH_RETENTION_DAYS', 30),
    enquiryRetentionMonths: nonEmpty(env, 'ENQUIRY_RETENTION_MONTHS')
      ? parsePositiveInteger(env, 'ENQUIRY_RETENTION_MONTHS', 0, 36)
      : undefined,
    minFreeBytes: parsePositiveInteger(env, 'MIN_FREE_SPACE_MB', 100) * 1024 * 1024,
    mail: loadMailSettings(env, seed),
    mailbox: loadMailboxSettings(env),
    digestHour:
      nonEmpty(env, 'DIGEST_HOUR') === 'off'
        ? null
        : check(
            'DIGEST_HOUR',
            z.coerce.number().int().min(0).max(23),
            nonEmpty(env, 'DIGEST_HOUR') ?? '9',
            'DIGEST_HOUR=9 (or off)',
          ),
    followUpDays: parsePositiveInteger(env, 'FOLLOW_UP_DAYS', 7),
    // A whole request, body included: 45 MB of photos (or 25 MB of drawings) from a phone at about 1.2 Mbit/s.
    requestTimeoutMs: 300_000,
    backup: loadBackupSetting(env),
    webhooks: loadWebhookSettings(env),
    site,
    seed,
    fromEnvironment,
  };
}
