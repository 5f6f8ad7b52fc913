import { ConfigError, nonEmpty, parseSecondsAsMs, type Env } from './env.js';

/** How webhooks are sent (WEBHOOK_ALLOW_PRIVATE, WEBHOOK_TIMEOUT_SECONDS). */
export interface WebhookSettings {
  /** Private, loopback and link-local addresses are allowed as targets (tests, a receiver on the same network). */
  allowPrivate: boolean;
  /** One attempt's time limit: connecting, sending and the receiver's answer. */
  timeoutMs: number;
}

/** WEBHOOK_ALLOW_PRIVATE (1 or 0, default 0) and WEBHOOK_TIMEOUT_SECONDS (default 15). */
export function loadWebhookSettings(env: Env): WebhookSettings {
  const allow = nonEmpty(env, 'WEBHOOK_ALLOW_PRIVATE') ?? '0';
  if (allow !== '0' && allow !== '1')
    throw new ConfigError('WEBHOOK_ALLOW_PRIVATE', 'must be 1 or 0, e.g. WEBHOOK_ALLOW_PRIVATE=1');
  return { allowPrivate: allow === '1', timeoutMs: parseSecondsAsMs(env, 'WEBHOOK_TIMEOUT_SECONDS', 15) };
}
