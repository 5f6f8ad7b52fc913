import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/platform/paths.js';

export interface Instruction {
  keyword: string;
  /** Everything after the keyword, continuation lines joined. */
  args: string;
}

export interface Stage {
  /** The base image, e.g. `node:24-bookworm-slim`. */
  image: string;
  /** The stage's text from its FROM line on, as written. */
  text: string;
  instructions: Instruction[];
}

/** The project's Dockerfile, split into its stages and their instructions (comments dropped). */
export function readDockerfile(): Stage[] {
  const dockerfile = readFileSync(join(projectRoot, 'Dockerfile'), 'utf8');
  return dockerfile
    .split(/^(?=FROM )/m)
    .slice(1)
    .map((text) => {
      const instructions = text
        .replace(/\\\n\s*/g, ' ')
        .split('\n')
        .map((line) => /^([A-Z]+)\s+(.*\S)\s*$/.exec(line))
        .filter((match) => match !== null)
        .map(([, keyword, args]) => ({ keyword: keyword!, args: args! }));
      return { image: instructions[0]!.args.split(/\s+/)[0]!, text, instructions };
    });
}

/** The arguments of a stage's instructions with this keyword, in order. */
export function argsOf(stage: Stage, keyword: string): string[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === keyword)
    .map((instruction) => instruction.args);
}

/** A stage's ENV settings (the `KEY=value` form, unquoted values). */
export function envOf(stage: Stage): Record<string, string> {
  const pairs = argsOf(stage, 'ENV').flatMap((args) => args.split(/\s+/));
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

/** The major version of Node in a `node:<version>…` image name, e.g. 24 for `node:24-bookworm-slim`. */
export function nodeMajorOfImage(image: string): number | undefined {
  const major = /^node:(\d+)\b/.exec(image)?.[1];
  return major === undefined ? undefined : Number(major);
}
