import { ConfigError, nonEmpty, parsePositiveInteger, type Env } from '../../config/env.js';

/** The mailbox buyers' replies arrive in (IMAP_URL), and how often it is read (IMAP_POLL_SECONDS). */
export interface MailboxSettings {
  host: string;
  port: number;
  /** imaps: TLS from the start; imap: STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  /** The folder read, INBOX unless the URL's path names another. */
  mailbox: string;
  pollMs: number;
  /** How long the e-mail of a buyer's answer waits for more answers to go with it (ANSWER_MAIL_WAIT_SECONDS). */
  answerWaitMs: number;
  /** The URL without its password, for messages and the desk. */
  safeUrl: string;
}

/**
 * IMAP_URL (`imaps://user:pass@mail.example.com/INBOX`), IMAP_POLL_SECONDS (default 60) and
 * ANSWER_MAIL_WAIT_SECONDS (default 60); undefined without IMAP_URL.
 */
export function loadMailboxSettings(env: Env): MailboxSettings | undefined {
  const value = nonEmpty(env, 'IMAP_URL');
  const pollMs = parsePositiveInteger(env, 'IMAP_POLL_SECONDS', 60) * 1000;
  const answerWaitMs = parsePositiveInteger(env, 'ANSWER_MAIL_WAIT_SECONDS', 60) * 1000;
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Never echo the value: it holds a password.
    throw new ConfigError('IMAP_URL', 'must be a URL like imaps://user:password@mail.example.com/INBOX');
  }
  if (url.protocol !== 'imap:' && url.protocol !== 'imaps:')
    throw new ConfigError(
      'IMAP_URL',
      `must start with imaps:// or imap://, e.g. imaps://user:password@mail.example.com/INBOX, got "${url.protocol}//"`,
    );
  if (!url.hostname)
    throw new ConfigError('IMAP_URL', 'must name the mail server, e.g. imaps://user:password@mail.example.com/INBOX');
  if (!url.username || !url.password)
    throw new ConfigError(
      'IMAP_URL',
      'must carry the user and the password, e.g. imaps://user:password@mail.example.com/INBOX',
    );
  const secure = url.protocol === 'imaps:';
  const mailbox = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX';
  const port = url.port ? Number(url.port) : secure ? 993 : 143;
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname,
    port,
    secure,
    user,
    password: decodeURIComponent(url.password),
    mailbox,
    pollMs,
    answerWaitMs,
    safeUrl: `${url.protocol}//${encodeURIComponent(user)}@${url.host}/${encodeURIComponent(mailbox)}`,
  };
}

/** A message with the mailbox password (as written and as encoded in the URL) replaced: for logs and the desk. */
export function withoutPassword(text: string, password: string): string {
  let safe = text;
  for (const form of new Set([password, encodeURIComponent(password)]))
    if (form.length > 0) safe = safe.split(form).join('***');
  return safe;
}
