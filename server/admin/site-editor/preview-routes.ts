import type { FastifyInstance } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { findSection, sectionPath, sectionTitle, withSection } from '../../../shared/content/sections.js';
import type { SiteEditorOptions } from './editor-kit.js';
import type { PreviewDrafts } from './preview-drafts.js';

/**
 * /admin/site/preview/<token>: a section's draft as the site would show it, on the section's own
 * page, with the rest of the site as published. For the signed-in admin only (others are sent to
 * sign in), never indexed or stored, under a banner "Preview: not published" that leads back to the
 * form with the text kept. Public pages never read a draft.
 */
export function previewRoutes(admin: FastifyInstance, { content, pages }: SiteEditorOptions, drafts: PreviewDrafts) {
  admin.get<{ Params: { token: string } }>(
    ADMIN_PATHS.sitePreview,
    {
      schema: { params: { type: 'object', properties: { token: { type: 'string', maxLength: 64 } } } },
      config: { access: 'redirect' },
    },
    async (request, reply) => {
      const draft = drafts.get(request.params.token);
      const section = draft && findSection(draft.section);
      if (!draft || !section) return reply.callNotFound();
      const shown = withSection(content.current().content, section.id, draft.value);
      const path = section.view.replace(/#.*/, '');
      return pages.sendPreview(reply, path, shown, {
        path,
        section: sectionTitle(section, shown),
        back: `${sectionPath(section.id)}?draft=${request.params.token}`,
      });
    },
  );
}
