import type { FastifyInstance } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import {
  findSection,
  sectionTitle,
  sectionValue,
  withSection,
  type Section,
} from '../../../shared/content/sections.js';
import type { SiteContent } from '../../../shared/content/schema.js';
import { contentChanges } from './content-changes.js';
import type { EditorKit, SiteEditorOptions } from './editor-kit.js';
import { historyPage } from './history-routes.js';

const params = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } } as const;
const sectionProperty = { type: 'string', maxLength: 100 } as const;

/**
 * Restoring a version, whole or one section of it, in two steps: GET shows what it changes on the
 * site now ("Restoring version 3 changes 14 fields and 2 photos.") with Confirm and Cancel; the
 * confirmation POSTs, and the version's content is published as a new version (nothing is lost),
 * unless the site (or that section) changed since the confirmation was shown.
 */
export function restoreRoutes(admin: FastifyInstance, options: SiteEditorOptions, kit: EditorKit) {
  const { content } = options;
  const { show, describe } = kit;

  /** The section named by ?section= (undefined: the whole version; null: no such section). */
  const sectionNamed = (id: string | undefined): Section | undefined | null =>
    id === undefined || id === '' ? undefined : (findSection(id) ?? null);

  admin.get<{ Params: { id: number }; Querystring: { section?: string } }>(
    ADMIN_PATHS.siteRestore,
    {
      schema: { params, querystring: { type: 'object', properties: { section: sectionProperty } } },
      config: { access: 'redirect' },
    },
    async (request, reply) => {
      const old = content.revision(request.params.id);
      const section = sectionNamed(request.query.section);
      if (!old || section === null) return reply.callNotFound();
      const changes = contentChanges(content.current().content, old.content, section?.id);
      return show(request, reply, {
        view: { name: 'restore', version: old.revision, section: section?.id ?? null, changes },
        message: null,
      });
    },
  );

  admin.post<{ Params: { id: number }; Body: { base: number; section?: string } }>(
    ADMIN_PATHS.siteRestore,
    {
      schema: {
        params,
        body: {
          type: 'object',
          properties: { base: { type: 'integer' }, section: sectionProperty },
          required: ['base'],
        },
      },
    },
    async (request, reply) => {
      const old = content.revision(request.params.id);
      const section = sectionNamed(request.body.section);
      if (!old || section === null) return reply.callNotFound();
      const restore = section
        ? (current: SiteContent, atBase: SiteContent) =>
            isDeepStrictEqual(sectionValue(current, section.id), sectionValue(atBase, section.id))
              ? withSection(current, section.id, sectionValue(old.content, section.id))
              : null
        : (current: SiteContent, atBase: SiteContent) => (current === atBase ? old.content : null);
      const result = content.commit(request.body.base, restore, {
        actor: request.adminAccount!.email,
        note: section
          ? `Restored ${sectionTitle(section, old.content)} from version ${old.revision.id}`
          : `Restored version ${old.revision.id}`,
        restored: old.revision.id,
      });
      if ('conflict' in result) {
        return show(
          request,
          reply,
          {
            view: historyPage(options),
            message: {
              kind: 'error',
              text: `Not restored: the site was changed since you opened the history (${describe(result.conflict.revision)}). Check the list and restore again.`,
            },
          },
          409,
          ADMIN_PATHS.siteHistory,
        );
      }
      request.log.info(
        { restored: old.revision.id, section: section?.id, revision: result.published.revision.id },
        'site editor: version restored',
      );
      return reply.redirect(
        `${ADMIN_PATHS.siteHistory}?restored=${result.unchanged ? old.revision.id : result.published.revision.id}`,
        303,
      );
    },
  );
}
