import { z } from 'zod';

/** A configuration mistake, reported as one line naming the variable. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

export function nonEmpty(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function parsePort(value: string | undefined): number {
  if (value === undefined) return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 0 || port > 65535) {
    throw new ConfigError('PORT', `must be a whole number from 0 to 65535, e.g. PORT=8080, got "${value}"`);
  }
  return port;
}

/** A whole number of 1 or more; `example` (the default where there is one) is shown in the refusal. */
export function parsePositiveInteger(env: Env, name: string, fallback: number, example = fallback): number {
  const value = nonEmpty(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new ConfigError(name, `must be a whole number of 1 or more, e.g. ${name}=${example}, got "${value}"`);
  return Number(value);
}

/** A time limit in seconds (more than 0, at most 300; `fallback` when unset), as milliseconds. */
export function parseSecondsAsMs(env: Env, name: string, fallback: number): number {
  const seconds = check(
    name,
    z.coerce.number().positive().max(300),
    nonEmpty(env, name) ?? String(fallback),
    `${name}=${fallback}`,
  );
  return Math.round(1000 * seconds);
}

/** The value by its schema; a refusal names the variable, what was wrong and `example`, a right value. */
export function check<T>(variable: string, schema: z.ZodType<T>, value: unknown, example: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
    throw new ConfigError(variable, `is invalid${where}: ${issue.message}; e.g. ${example}`);
  }
  return result.data;
}
