import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormValues, SectionId } from '../../../shared/content/sections.js';

/** A section's form as a preview was asked for: checked like a save, never published. */
export interface Draft {
  section: SectionId;
  /** The version the form was opened on: the form it goes back to still saves against it. */
  base: number;
  values: FormValues;
  note: string;
  /** The section's value, checked, with its photos as this server has them. */
  value: unknown;
  actor: string;
  createdAt: string;
}

/** A preview's address is unguessable: 32 characters of base64url (24 random bytes). */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
/** Drafts older than this are removed when another is stored. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export type PreviewDrafts = ReturnType<typeof createPreviewDrafts>;

/**
 * The drafts behind the editor's previews, one JSON file each under `<data directory>/site-drafts`
 * (readable by the server only), named by the random token of the preview's address. Nothing
 * public reads them; a day later they are gone (the form's text is kept only as long).
 */
export function createPreviewDrafts(dataDir: string, now: () => number = Date.now) {
  const dir = join(dataDir, 'site-drafts');
  const fileOf = (token: string) => join(dir, `${token}.json`);

  const prune = () => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      try {
        if (now() - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { force: true });
      } catch {
        // Removed meanwhile.
      }
    }
  };

  return {
    /** Stores a draft: the token of its preview's address. */
    save(draft: Draft): string {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      prune();
      const token = randomBytes(24).toString('base64url');
      writeFileSync(fileOf(token), JSON.stringify(draft), { mode: 0o600 });
      return token;
    },

    /** The draft of a token, if there is one (and it is not too old). */
    get(token: string): Draft | undefined {
      if (!TOKEN.test(token)) return undefined;
      try {
        const path = fileOf(token);
        if (now() - statSync(path).mtimeMs > KEEP_MS) return undefined;
        return JSON.parse(readFileSync(path, 'utf8')) as Draft;
      } catch {
        return undefined;
      }
    },
  };
}
