import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import {
  sectionValue,
  toFormValues,
  withSection,
  type FormValues,
  type Section,
} from '../../../shared/content/sections.js';
import { applyRowAction, ROW_ACTION, type RowActionDone } from '../../../shared/content/rows.js';
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
import { readSectionForm, type SectionForm } from './section-form.js';

export type SaveRequest = FastifyRequest<{ Params: { section: string; slug?: string }; Body: Record<string, unknown> }>;
type ReadForm = Exclude<SectionForm, { failure: StorageUnavailableError }>;

export function savedMessage(unchanged: boolean): string {
  return unchanged ? 'Nothing had changed, so no new version was saved.' : 'Saved. The site shows your changes now.';
}

/** How one POST of a section's form answers when it is not saved: as JSON, or the form again with its messages. */
function sectionAnswers(
  request: SaveRequest,
  reply: FastifyReply,
  section: Section,
  { content, kit }: { content: SiteContentService; kit: EditorKit },
  form: { values: FormValues; note: string; base: number; json: boolean },
) {
  const { values, note, base, json } = form;
  /** The form again: refused, with its messages, or (`rows`) with a row added, moved or deleted. */
  const refuse = (status: number, errors: Record<string, string>, message: string, rows?: RowActionDone) => {
    const shown = rows?.values ?? values;
    const photos = kit.photosOf(section, shown);
    const pdfs = kit.pdfsOf(section, shown);
    if (json)
      return reply.code(status).send({
        ok: false,
        revision: content.current().revision,
        values: shown,
        photos,
        pdfs,
        errors,
        message,
        focus: rows?.focus,
      } satisfies SectionSaveAnswer);
    const view = {
      name: 'section' as const,
      section: section.id,
      values: shown,
      photos,
      pdfs,
      note,
      errors,
      focus: rows?.focus,
      // After a row action the form still saves against the version it was opened on.
      base: rows ? base : undefined,
    };
    return kit.show(request, reply, { view, message: { kind: rows ? 'success' : 'error', text: message } }, status);
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
  return { refuse, storageRefusal };
}

type Answers = ReturnType<typeof sectionAnswers>;

/** A row added, moved or deleted (its photos chosen meanwhile kept): the form again, changed, nothing published. */
function rowAction(reply: FastifyReply, section: Section, form: ReadForm, asked: string, { refuse }: Answers) {
  const done = applyRowAction(section, form.values, asked);
  if (!done) return reply.code(400).send({ error: 'Bad Request', message: 'That row is not in the form.' });
  // A photo or PDF refused meanwhile (too large, not a photo) keeps its message beside its input.
  const refusedFiles = Object.fromEntries(Object.entries(form.errors).filter(([field]) => field.endsWith('.file')));
  return refuse(200, refusedFiles, done.message, done);
}

/** The values stored as a preview's draft; answers the draft's preview address. */
function savePreview(
  request: SaveRequest,
  reply: FastifyReply,
  drafts: PreviewDrafts,
  draft: { section: Section; form: ReadForm; base: number },
  { storageRefusal }: Answers,
) {
  const { section, form, base } = draft;
  let token: string;
  try {
    token = drafts.save({
      section: section.id,
      base,
      values: form.values,
      note: form.note,
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

/** Publishes the section as a new revision, refused when it changed since the form was opened. */
function publishSection(
  request: SaveRequest,
  reply: FastifyReply,
  { content, kit }: { content: SiteContentService; kit: EditorKit },
  save: { section: Section; form: ReadForm; base: number; json: boolean },
  { refuse, storageRefusal }: Answers,
) {
  const { section, form, base, json } = save;
  let result: ReturnType<SiteContentService['commit']>;
  try {
    result = content.commit(
      base,
      (current, atBase) =>
        isDeepStrictEqual(sectionValue(current, section.id), sectionValue(atBase, section.id))
          ? withSection(current, section.id, form.value)
          : null,
      { actor: request.adminAccount!.email, note: form.note },
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
      `Not saved: this section was changed since you opened it (${kit.describe(result.conflict.revision)}). Your text is below. Open the section again to see the current text, or save again to replace it with yours.`,
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
    photos: kit.photosOf(section, saved),
    pdfs: kit.pdfsOf(section, saved),
    message: savedMessage(result.unchanged),
  } satisfies SectionSaveAnswer);
}

/**
 * POST of a section's form: saves it as a new revision, refused when that section changed since the
 * form was opened; with `intent=preview` stores it as a draft and answers with the preview's address.
 */
export function saveSection({ content, media }: SiteEditorOptions, kit: EditorKit, drafts: PreviewDrafts) {
  return async (request: SaveRequest, reply: FastifyReply, section: Section) => {
    const body = request.body ?? {};
    const preview = body.intent === 'preview';
    const base = Number(body.base);
    const json = !preview && answersJson(request, 'json-body-or-accept');
    if (!Number.isSafeInteger(base))
      return reply.code(400).send({ error: 'Bad Request', message: 'The form has no base revision.' });
    const form = await readSectionForm(section, body, request.adminAccount!.email, { media, kit });
    const answers = sectionAnswers(request, reply, section, { content, kit }, { ...form, base, json });
    if ('failure' in form) return answers.storageRefusal(form.failure, 'upload');
    const rowActionAsked = typeof body[ROW_ACTION] === 'string' ? body[ROW_ACTION] : '';
    if (rowActionAsked) return rowAction(reply, section, form, rowActionAsked, answers);
    if (!form.valid)
      return answers.refuse(
        400,
        form.errors,
        preview
          ? 'There is a problem: nothing can be previewed yet. Check the fields marked below.'
          : 'There is a problem: nothing was saved. Check the fields marked below.',
      );
    if (preview) return savePreview(request, reply, drafts, { section, form, base }, answers);
    return publishSection(request, reply, { content, kit }, { section, form, base, json }, answers);
  };
}
