import type { FastifyInstance } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { HistoryEntry } from '../../../shared/site-editor.js';
import { contentChanges } from './content-changes.js';
import type { EditorKit, SiteEditorOptions } from './editor-kit.js';

export const HISTORY_PAGE = 30;

/**
 * A page of the history: each version with the sections it changed, and field by field what
 * restoring it would change on the site now (as the import's comparison shows a file).
 */
export function historyPage({ content }: Pick<SiteEditorOptions, 'content'>, before = Number.MAX_SAFE_INTEGER) {
  const page = content.history(before, HISTORY_PAGE);
  const current = content.current();
  const revisions = page.revisions.map((revision): HistoryEntry => ({
    ...revision,
    changes:
      revision.id === current.revision.id
        ? []
        : contentChanges(current.content, content.revision(revision.id)!.content),
  }));
  return { name: 'history' as const, revisions, next: page.next };
}

/** /admin/site/history: the versions, newest first, 30 a page. */
export function historyRoutes(admin: FastifyInstance, options: SiteEditorOptions, { show }: EditorKit) {
  admin.get<{ Querystring: { before?: number; restored?: number } }>(
    ADMIN_PATHS.siteHistory,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { before: { type: 'integer', minimum: 1 }, restored: { type: 'integer', minimum: 1 } },
        },
      },
      config: { access: 'redirect' },
    },
    async (request, reply) => {
      const { restored } = request.query;
      const message =
        restored === undefined
          ? null
          : { kind: 'success' as const, text: `Version ${restored} is published: the site shows it now.` };
      return show(request, reply, { view: historyPage(options, request.query.before), message });
    },
  );
}
