import type { SiteContent } from '../../../shared/content/schema.js';
import { siteContentSchema } from '../../../shared/content/schema.js';
import { CONTENT_FILE_FORMAT, CONTENT_FILE_VERSION } from '../../../shared/site-editor.js';

export type ReadContent = { content: SiteContent } | { errors: string[] };

/** Why a content file is refused, as lines for people: the JSON, its format, then each invalid value. */
export function readContentFile(text: string): ReadContent {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { errors: [`The file is not valid JSON: ${(error as Error).message}`] };
  }
  const file = json as { format?: unknown; version?: unknown; content?: unknown } | null;
  if (typeof file !== 'object' || file === null || file.format !== CONTENT_FILE_FORMAT) {
    return { errors: [`The file is not a site content export (its "format" should be "${CONTENT_FILE_FORMAT}").`] };
  }
  if (file.version !== CONTENT_FILE_VERSION)
    return {
      errors: [`The file's version ${String(file.version)} is not one this site reads (${CONTENT_FILE_VERSION}).`],
    };
  return checkContent(file.content);
}

function checkContent(content: unknown): ReadContent {
  const parsed = siteContentSchema.safeParse(content);
  if (parsed.success) return { content: parsed.data };
  return {
    errors: parsed.error.issues.slice(0, 20).map((issue) => `${issue.path.join('.') || 'content'}: ${issue.message}`),
  };
}

/** The content an import's confirmation form carries back (as the check step made it). */
export function readContent(json: string): ReadContent {
  try {
    return checkContent(JSON.parse(json));
  } catch (error) {
    return { errors: [`The content is not valid JSON: ${(error as Error).message}`] };
  }
}
