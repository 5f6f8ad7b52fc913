import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import {
  findSection,
  sectionValue,
  toFormValues,
  withSection,
  type FormValues,
} from '../../../shared/content/sections.js';
import type { SectionSaveAnswer } from '../../../shared/site-editor.js';
import { answersJson } from '../../platform/http/negotiation.js';
import {
  asStorageFailure,
  STORAGE_RETRY_AFTER_SECONDS,
  type StorageUnavailableError,
} from '../../platform/storage/storage-error.js';
import type { SiteContentService } from '../../site-content/site-content.js';
import type { EditorKit, SiteEditorOptions } from './editor-kit.js';
import type { PreviewDrafts } from './preview-drafts.js';
import { readSectionForm } from './section-form.js';
import { applyRowAction, ROW_ACTION, type RowActionDone } from '../../../shared/content/rows.js';

/** A section form may hold long texts in any script (Gujarati is 9 bytes a character, URL-encoded). */
const FORM_BODY_LIMIT = 512 * 1024;

type SectionRequest = FastifyRequest<{ Params: { section: string; slug?: string } }>;

const sectionOf = ({ params: { section, slug } }: SectionRequest) =>
  slug === undefined ? findSection(section) : section === 'products' ? findSection(`products/${slug}`) : undefined;

function savedMessage(unchanged: boolean): string {
  return unchanged ? 'Nothing had changed, so no new version was saved.' : 'Saved. The site shows your changes now.';
}

/**
 * The sections' forms: GET shows the published values (or a preview's draft, ?draft=<token>), POST
 * saves them as a new revision, refused when that section changed since the form was opened; with
 * `intent=preview` it stores them as a draft instead and answers with the draft's preview address.
 */
export function sectionRoutes(
  admin: FastifyInstance,
  { content, media }: SiteEditorOptions,
  kit: EditorKit,
  drafts: PreviewDrafts,
) {
  const { show, photosOf, pdfsOf, describe } = kit;
  for (const route of [ADMIN_PATHS.siteSection, ADMIN_PATHS.siteProduct]) {
    admin.get<{ Params: { section: string; slug?: string }; Querystring: { saved?: string; draft?: string } }>(
      route,
      { config: { access: 'redirect' } },
      async (request, reply) => {
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
        return show(request, reply, {
          view: {
            name: 'section',
            section: section.id,
            values,
            photos: photosOf(section, values),
            pdfs: pdfsOf(section, values),
            note: fromDraft?.note ?? '',
            errors: {},
            ...(fromDraft && { base: fromDraft.base }),
          },
          message,
        });
      },
    );

    admin.post<{ Params: { section: string; slug?: string }; Body: Record<string, unknown> }>(
      route,
      { bodyLimit: FORM_BODY_LIMIT },
      async (request, reply) => {
        const section = sectionOf(request);
        if (!section) return reply.callNotFound();
        const body = request.body ?? {};
        const preview = body.intent === 'preview';
        const base = Number(body.base);
        const json = !preview && answersJson(request, 'json-body-or-accept');
        if (!Number.isSafeInteger(base))
          return reply.code(400).send({ error: 'Bad Request', message: 'The form has no base revision.' });
        const form = await readSectionForm(section, body, request.adminAccount!.email, { media, kit });
        const { values, note } = form;
        /** The form again: refused, with its messages, or (`rows`) with a row added, moved or deleted. */
        const refuse = (status: number, errors: Record<string, string>, message: string, rows?: RowActionDone) => {
          const shown = rows?.values ?? values;
          return json
            ? reply.code(status).send({
                ok: false,
                revision: content.current().revision,
                values: shown,
                photos: photosOf(section, shown),
                pdfs: pdfsOf(section, shown),
                errors,
                message,
                focus: rows?.focus,
              } satisfies SectionSaveAnswer)
            : show(
                request,
                reply,
                {
                  view: {
                    name: 'section',
                    section: section.id,
                    values: shown,
                    photos: photosOf(section, shown),
                    pdfs: pdfsOf(section, shown),
                    note,
                    errors,
                    focus: rows?.focus,
                    // After a row action the form still saves against the version it was opened on.
                    base: rows ? base : undefined,
                  },
                  message: { kind: rows ? 'success' : 'error', text: message },
                },
                status,
              );
        };
        const storageRefusal = (failure: StorageUnavailableError, what: string) => {
          request.log.error(
            { err: failure.cause ?? failure, reason: failure.reason, section: section.id },
            `site editor: ${what} NOT saved: answered 503`,
          );
          reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
          return refuse(
            503,
            {},
            'Not saved: the server cannot store anything just now. Your text is below: try again in a minute.',
          );
        };
        if ('failure' in form) return storageRefusal(form.failure, 'upload');
        // A row added, moved or deleted (its photos chosen meanwhile kept): the form again, changed, nothing published.
        const rowActionAsked = typeof body[ROW_ACTION] === 'string' ? body[ROW_ACTION] : '';
        if (rowActionAsked) {
          const done = applyRowAction(section, values, rowActionAsked);
          if (!done) return reply.code(400).send({ error: 'Bad Request', message: 'That row is not in the form.' });
          // A photo or PDF refused meanwhile (too large, not a photo) keeps its message beside its input.
          const refusedPhotos = Object.fromEntries(
            Object.entries(form.errors).filter(([field]) => field.endsWith('.file')),
          );
          return refuse(200, refusedPhotos, done.message, done);
        }
        if (!form.valid)
          return refuse(
            400,
            form.errors,
            preview
              ? 'There is a problem: nothing can be previewed yet. Check the fields marked below.'
              : 'There is a problem: nothing was saved. Check the fields marked below.',
          );

        if (preview) {
          let token: string;
          try {
            token = drafts.save({
              section: section.id,
              base,
              values,
              note,
              value: form.value,
              actor: request.adminAccount!.email,
              createdAt: new Date().toISOString(),
            });
          } catch (error) {
            const failure = asStorageFailure(error);
            if (!failure) throw error;
            return storageRefusal(failure, 'preview');
          }
          request.log.info({ section: section.id }, 'site editor: draft stored for a preview');
          return reply.redirect(pathTo(ADMIN_PATHS.sitePreview, { token }), 303);
        }

        let result: ReturnType<SiteContentService['commit']>;
        try {
          result = content.commit(
            base,
            (current, atBase) =>
              isDeepStrictEqual(sectionValue(current, section.id), sectionValue(atBase, section.id))
                ? withSection(current, section.id, form.value)
                : null,
            { actor: request.adminAccount!.email, note },
          );
        } catch (error) {
          // The disk is full, the file locked or gone: nothing was saved, and the form keeps the text.
          const failure = asStorageFailure(error);
          if (!failure) throw error;
          return storageRefusal(failure, 'section');
        }
        if ('conflict' in result) {
          request.log.info(
            { section: section.id, base, current: result.conflict.revision.id },
            'site editor: save refused, the section changed since the form was opened',
          );
          return refuse(
            409,
            {},
            `Not saved: this section was changed since you opened it (${describe(result.conflict.revision)}). Your text is below. Open the section again to see the current text, or save again to replace it with yours.`,
          );
        }
        request.log.info(
          { section: section.id, revision: result.published.revision.id, unchanged: result.unchanged },
          'site editor: section saved',
        );
        if (!json)
          return reply.redirect(
            `${request.url.split('?')[0]}?saved=${result.unchanged ? 'same' : result.published.revision.id}`,
            303,
          );
        const saved: FormValues = toFormValues(section, sectionValue(result.published.content, section.id));
        return reply.send({
          ok: true,
          revision: result.published.revision,
          values: saved,
          photos: photosOf(section, saved),
          pdfs: pdfsOf(section, saved),
          message: savedMessage(result.unchanged),
        } satisfies SectionSaveAnswer);
      },
    );
  }
}
