import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { siteContentSchema, type Company, type SiteContent } from '../../shared/content/schema.js';
import { defaultContent } from '../../shared/content/defaults.js';
import { SECTIONS, sectionTitle, sectionValue } from '../../shared/content/sections.js';
import type { RevisionSummary } from '../../shared/site-editor.js';
import { ConfigError } from '../config/env.js';
import type { EnvironmentValue } from './load-site-config.js';
import { SYSTEM_ACTOR } from '../platform/db/audit-log.js';
import type { DB } from '../platform/db/open-database.js';
import type { StorageMonitor } from '../platform/storage/storage-monitor.js';

export interface Published {
  revision: RevisionSummary;
  content: SiteContent;
}

interface RevisionRow {
  id: number;
  created_at: string;
  actor: string;
  note: string;
  restored: number | null;
  content: string;
}

/** Refused: the content changed since the form was opened. */
interface Conflict {
  conflict: Published;
}

export type SiteContentService = ReturnType<typeof createSiteContent>;

const summary = (row: RevisionRow): RevisionSummary => ({
  id: row.id,
  createdAt: row.created_at,
  actor: row.actor,
  note: row.note,
  restored: row.restored,
});

function parse(row: RevisionRow): SiteContent {
  return siteContentSchema.parse(JSON.parse(row.content));
}

/** The titles of the sections that differ between two versions of the content. */
function changedSections(before: SiteContent, after: SiteContent): string[] {
  return SECTIONS.filter(
    (section) => !isDeepStrictEqual(sectionValue(before, section.id), sectionValue(after, section.id)),
  ).map((section) => sectionTitle(section, after));
}

/**
 * The first content, from the configuration. The variables are checked less than the editor checks
 * (e.g. a COMPANY_NAME of any length; the file is checked as the editor checks): what the editor could
 * not save is refused at start, with the value, rather than published.
 */
function seededContent(seed: Company): SiteContent {
  const seeded = siteContentSchema.safeParse({ ...defaultContent, company: seed });
  if (seeded.success) return seeded.data;
  const issue = seeded.error.issues[0]!;
  throw new ConfigError(
    'SITE_CONFIG_FILE or COMPANY_NAME/CONTACT_*/WHATSAPP_*',
    `gives a company detail the site editor would refuse (${issue.path.slice(1).join('.')}): ${issue.message}`,
  );
}

/**
 * The site's content, as revisions in SQLite: every save adds one (nothing is overwritten) and the
 * newest is published. A site without any gets its first from the configuration (`seed`). Each
 * publication is announced to `onPublish` listeners (the page cache, link previews).
 */
export function createSiteContent(options: {
  db: DB;
  storage: StorageMonitor;
  seed: Company;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db, storage, log } = options;
  const now = options.now ?? (() => new Date());
  const newest = db.prepare<[], RevisionRow>('SELECT * FROM site_revisions ORDER BY id DESC LIMIT 1');
  const byId = db.prepare<[number], RevisionRow>('SELECT * FROM site_revisions WHERE id = ?');
  const insert = db.prepare(
    'INSERT INTO site_revisions (created_at, actor, note, restored, content) VALUES (?, ?, ?, ?, ?)',
  );
  const page = db.prepare<[number, number], RevisionRow>(
    'SELECT * FROM site_revisions WHERE id < ? ORDER BY id DESC LIMIT ?',
  );
  const listeners: ((published: Published) => void)[] = [];

  const add = (content: SiteContent, actor: string, note: string, restored: number | null): Published => {
    const createdAt = now().toISOString();
    const id = Number(insert.run(createdAt, actor, note, restored, JSON.stringify(content)).lastInsertRowid);
    return { revision: { id, createdAt, actor, note, restored }, content };
  };

  function revision(id: number): Published | undefined {
    const found = byId.get(id);
    return found && { revision: summary(found), content: parse(found) };
  }

  let published: Published;
  const row = newest.get();
  if (row) {
    published = { revision: summary(row), content: parse(row) };
  } else {
    published = storage.write(() =>
      add(seededContent(options.seed), SYSTEM_ACTOR, 'First version, from the server’s configuration', null),
    );
    log.info({ revision: published.revision.id }, 'site content: first revision made from the configuration');
  }

  return {
    current: (): Published => published,

    revision,

    /**
     * Publishes a new revision made by `change` from the current content and the content at `base`
     * (the revision the admin's form was opened on; the same object as the current content when
     * nothing was published since). `change` returns null when what it changes has changed since
     * `base`: the save is refused with the current content. An unchanged result is not saved
     * (`unchanged: true`).
     */
    commit(
      base: number,
      change: (current: SiteContent, atBase: SiteContent) => SiteContent | null,
      meta: { actor: string; note: string; restored?: number },
    ): { published: Published; unchanged: boolean } | Conflict {
      const result = storage.write((): { published: Published; unchanged: boolean } | Conflict => {
        const current = published;
        const atBase = base === current.revision.id ? current : revision(base);
        const next = atBase && change(current.content, atBase.content);
        if (!next) return { conflict: current };
        const checked = siteContentSchema.parse(next);
        if (isDeepStrictEqual(checked, current.content)) return { published: current, unchanged: true };
        return { published: add(checked, meta.actor, meta.note, meta.restored ?? null), unchanged: false };
      });
      if ('published' in result && !result.unchanged) {
        const next = result.published;
        published = next;
        // What follows a publication (the page cache, link previews) never turns a committed save into an error.
        for (const listener of listeners) {
          try {
            listener(next);
          } catch (error) {
            log.error({ err: error, revision: next.revision.id }, 'site content: a task after publishing failed');
          }
        }
      }
      return result;
    },

    /** Revisions newest first, before revision `before`, each with the sections it changed. */
    history(
      before: number,
      limit: number,
    ): { revisions: (RevisionSummary & { changed: string[] })[]; next: number | null } {
      const rows = page.all(before, limit + 1);
      const parsed = rows.map(parse);
      const revisions = rows.slice(0, limit).map((revisionRow, index) => {
        const previous = parsed[index + 1];
        return { ...summary(revisionRow), changed: previous ? changedSections(previous, parsed[index]!) : [] };
      });
      return { revisions, next: rows.length > limit ? rows[limit - 1]!.id : null };
    },

    onPublish(listener: (published: Published) => void): void {
      listeners.push(listener);
    },

    /** Logs each company detail the environment sets that the published content no longer has. */
    compareWithEnvironment(values: EnvironmentValue[]): void {
      for (const { variable, value, of } of values) {
        const inContent = of(published.content.company);
        if (inContent !== value) {
          log.warn(
            { variable, environment: value, published: inContent },
            `${variable} differs from the published site content; the site editor (/admin/site) is the source now, so the variable is not used`,
          );
        }
      }
    },
  };
}
