import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { findSection, sectionValue, toFormValues } from '../../../shared/content/sections.js';
import type { EditorKit, SiteEditorOptions } from './editor-kit.js';
import type { PreviewDrafts } from './preview-drafts.js';
import { savedMessage, saveSection, type SaveRequest } from './section-save.js';

/** A section form may hold long texts in any script (Gujarati is 9 bytes a character, URL-encoded). */
const FORM_BODY_LIMIT = 512 * 1024;

type ShowRequest = FastifyRequest<{
  Params: { section: string; slug?: string };
  Querystring: { saved?: string; draft?: string };
}>;

const sectionOf = ({ params: { section, slug } }: { params: { section: string; slug?: string } }) =>
  slug === undefined ? findSection(section) : section === 'products' ? findSection(`products/${slug}`) : undefined;

/** GET of a section's form: the published values, or a preview's draft (?draft=<token>). */
function showSection({ content }: SiteEditorOptions, kit: EditorKit, drafts: PreviewDrafts) {
  return async (request: ShowRequest, reply: FastifyReply) => {
    const section = sectionOf(request);
    if (!section) return reply.callNotFound();
    const draft = request.query.draft === undefined ? undefined : drafts.get(request.query.draft);
    const fromDraft = draft?.section === section.id ? draft : undefined;
    const values = fromDraft?.values ?? toFormValues(section, sectionValue(content.current().content, section.id));
    const message = fromDraft
      ? { kind: 'success' as const, text: 'The text you previewed is below. It is not published yet.' }
      : request.query.saved === undefined
        ? null
        : { kind: 'success' as const, text: savedMessage(request.query.saved === 'same') };
    return kit.show(request, reply, {
      view: {
        name: 'section',
        section: section.id,
        values,
        photos: kit.photosOf(section, values),
        pdfs: kit.pdfsOf(section, values),
        note: fromDraft?.note ?? '',
        errors: {},
        ...(fromDraft && { base: fromDraft.base }),
      },
      message,
    });
  };
}

/**
 * The sections' forms: GET shows the published values (or a preview's draft), POST saves them as a
 * new revision or, with `intent=preview`, as a draft (section-save.ts).
 */
export function sectionRoutes(
  admin: FastifyInstance,
  options: SiteEditorOptions,
  kit: EditorKit,
  drafts: PreviewDrafts,
) {
  const show = showSection(options, kit, drafts);
  const save = saveSection(options, kit, drafts);
  for (const route of [ADMIN_PATHS.siteSection, ADMIN_PATHS.siteProduct]) {
    admin.get(route, { config: { access: 'redirect' } }, show);
    admin.post(route, { bodyLimit: FORM_BODY_LIMIT }, async (request: SaveRequest, reply) => {
      const section = sectionOf(request);
      return section ? save(request, reply, section) : reply.callNotFound();
    });
  }
}
