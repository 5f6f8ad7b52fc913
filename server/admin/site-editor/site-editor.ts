import multipart, { type MultipartFile } from '@fastify/multipart';
import { RISKY_ACTIONS } from '../../../shared/admin/confirm.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { PHOTO_LIMITS } from '../../../shared/content/photo.js';
import {
  findSection,
  formNameOf,
  fromFormValues,
  leaves,
  photoInputs,
  photosIn,
  replaceAt,
  SECTIONS,
  sectionTitle,
  sectionValue,
  toFormValues,
  withSection,
  type Entry,
  type FormValues,
  type Section,
} from '../../../shared/content/sections.js';
import type { SiteContent } from '../../../shared/content/schema.js';
import { applyRowAction, isCompact, ROW_ACTION, rowLegend, type RowActionDone } from '../../../shared/content/rows.js';
import { NOTE_FIELD, type PhotoField } from '../../../shared/content/fields.js';
import { schemaOfSection, siteContentSchema } from '../../../shared/content/schema.js';
import { formatInZone } from '../../../shared/time/time-zone.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import {
  CONTENT_FILE_FORMAT,
  CONTENT_FILE_VERSION,
  type AdminSitePage,
  type ContentChange,
  type FormPhotos,
  type RevisionSummary,
  type SectionSaveAnswer,
} from '../../../shared/site-editor.js';
import { answersJson } from '../../platform/http/negotiation.js';
import { sendAttachment } from '../../platform/http/attachment.js';
import type { MediaLibrary, ReceivedFile } from '../../site-content/media-library.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import type { SiteContentService } from '../../site-content/site-content.js';
import {
  asStorageFailure,
  STORAGE_RETRY_AFTER_SECONDS,
  type StorageUnavailableError,
} from '../../platform/storage/storage-error.js';

export interface SiteEditorOptions {
  content: SiteContentService;
  pages: PageRenderer;
  media: MediaLibrary;
  timeZone: string;
}

/** A section form may hold long texts in any script (Gujarati is 9 bytes a character, URL-encoded). */
const FORM_BODY_LIMIT = 512 * 1024;
const IMPORT_FILE_LIMIT = 1024 * 1024;
/**
 * A multipart form (a section with photos, or the import): its texts and its files, one per photo
 * field (Home: one per slide; a rows field with photos, one per row, sent even when none is
 * chosen), each streamed to a temporary file first. A file is cut one byte over the photo limit, so
 * that it is known to be too large.
 */
const MULTIPART_LIMITS = {
  fileSize: PHOTO_LIMITS.maxBytes + 1,
  files: 200,
  fields: 3000,
  fieldSize: 64 * 1024,
  parts: 3200,
};

/** What a file part of a multipart form became: the upload in a temporary file, or the storage failure that stopped it. */
type FilePart = ReceivedFile | { failure: StorageUnavailableError };
const isFilePart = (value: unknown): value is FilePart =>
  typeof value === 'object' && value !== null && ('tempPath' in value || 'failure' in value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const HISTORY_PAGE = 30;

/** The legend of the group of fields a form field is in ("Slide 2"), if any. */
function legendOf(entries: readonly Entry[], name: string, legend?: string): string | undefined {
  for (const entry of entries) {
    const found =
      'field' in entry
        ? entry.name === name
          ? (legend ?? '')
          : undefined
        : legendOf(entry.entries, name, entry.legend);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The field a form name belongs to ("slides.0.photo" for "slides.0.photo.alt"). */
function leafOf(section: Section, name: string): string {
  return leaves(section.entries).find((leaf) => name === leaf.name || name.startsWith(`${leaf.name}.`))?.name ?? name;
}

/** A message about a field, saying which group it is in when its label does not ("Slide 2: …"). */
function withLegend(section: Section, name: string, message: string): string {
  const legend = legendOf(section.entries, name);
  return legend ? `${legend}: ${message}` : message;
}

/**
 * Messages of a failed validation, by form field name (the first of each field), saying where when
 * the field's own label does not: "Slide 2: Enter the title", "Enter the hours in row 3".
 */
function messagesOf(
  section: Section,
  issues: { path: PropertyKey[]; message: string }[],
  rowOf: Record<string, number[]>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = formNameOf(
      section,
      issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
      rowOf,
    );
    const rows = leaves(section.entries).find((leaf) => leaf.field.kind === 'rows' && name.startsWith(`${leaf.name}.`));
    const row = rows && rows.field.kind === 'rows' ? Number(name.slice(rows.name.length + 1).split('.')[0]) : -1;
    const where =
      rows?.field.kind !== 'rows'
        ? issue.message
        : isCompact(rows.field)
          ? `${issue.message} in row ${row + 1}`
          : `${rowLegend(rows.field, row)}: ${issue.message}`;
    errors[name] ??= withLegend(section, rows?.name ?? leafOf(section, name), where);
  }
  return errors;
}

/** What the editor calls the value of a form name: "Slide 2: Title", "Technical specifications, row 3", "Cover photo: alt text". */
function fieldLabel(section: Section, name: string): string {
  const leaf = leaves(section.entries).find((candidate) => candidate.name === leafOf(section, name));
  if (!leaf) return name;
  const rest = name.slice(leaf.name.length + 1);
  const { field } = leaf;
  const label =
    field.kind === 'rows'
      ? `${field.label}, row ${Number(rest.split('.')[0]) + 1}`
      : field.kind === 'photo' && rest === 'alt'
        ? `${field.label}: alt text`
        : field.label;
  return withLegend(section, leaf.name, label);
}

/** Every value an import would change, as the editor labels it. */
function contentChanges(before: SiteContent, after: SiteContent): ContentChange[] {
  return SECTIONS.flatMap((section) => {
    const old = toFormValues(section, sectionValue(before, section.id));
    const now = toFormValues(section, sectionValue(after, section.id));
    return [...new Set([...Object.keys(old), ...Object.keys(now)])]
      .filter((name) => (old[name] ?? '') !== (now[name] ?? ''))
      .map((name) => ({
        section: sectionTitle(section, after),
        field: fieldLabel(section, name),
        before: old[name] ?? '',
        after: now[name] ?? '',
      }));
  });
}

/** Why a content file is refused, as lines for people: the JSON, its format, then each invalid value. */
function readContentFile(text: string): { content: SiteContent } | { errors: string[] } {
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

function checkContent(content: unknown): { content: SiteContent } | { errors: string[] } {
  const parsed = siteContentSchema.safeParse(content);
  if (parsed.success) return { content: parsed.data };
  return {
    errors: parsed.error.issues.slice(0, 20).map((issue) => `${issue.path.join('.') || 'content'}: ${issue.message}`),
  };
}

/** The content an import's confirmation form carries back (as the check step made it). */
function readContent(json: string): { content: SiteContent } | { errors: string[] } {
  try {
    return checkContent(JSON.parse(json));
  } catch (error) {
    return { errors: [`The content is not valid JSON: ${(error as Error).message}`] };
  }
}

/**
 * /admin/site: the site editor. A form per section of the content (saved as a new revision, and
 * refused when that section changed since the form was opened), the history with "Restore this
 * version", and export and import of the whole content as a JSON file. Every save publishes at once.
 */
export default async function siteEditor(admin: FastifyInstance, options: SiteEditorOptions) {
  const { content, pages, media, timeZone } = options;

  // Multipart forms (sections with photos, the import) are read whole before the CSRF check, which
  // needs their _csrf field: so only a signed-in admin's are read at all (the admin guard answers
  // the others first, admin-auth.ts). Each file goes to a temporary file, removed when the answer is
  // sent or the request is cut short.
  const received = new WeakMap<FastifyRequest, ReceivedFile[]>();
  const discardReceived = async (request: FastifyRequest) => {
    for (const file of received.get(request) ?? []) await media.discard(file);
    received.delete(request);
  };
  admin.addHook('onResponse', discardReceived);
  admin.addHook('onRequestAbort', discardReceived);
  await admin.register(multipart, {
    limits: MULTIPART_LIMITS,
    throwFileSizeLimit: false,
    attachFieldsToBody: 'keyValues',
    async onFile(this: FastifyRequest, part: MultipartFile) {
      let value: FilePart;
      try {
        value = await media.receive(
          part.file,
          part.filename,
          part.fieldname === 'file' ? IMPORT_FILE_LIMIT : PHOTO_LIMITS.maxBytes,
        );
        received.set(this, [...(received.get(this) ?? []), value]);
      } catch (error) {
        part.file.resume();
        const failure = asStorageFailure(error);
        if (!failure) throw error;
        value = { failure };
      }
      (part as unknown as { value: FilePart }).value = value;
    },
  });

  /**
   * Puts each photo of a section's value as this server has it (its size and placeholder, with the
   * alt text given); answers the photo fields whose photo it does not have (or that name none).
   */
  const completePhotos = (section: Section, value: Record<string, unknown>) => {
    const missing: { name: string; field: PhotoField; photo: { id: string; alt: string } }[] = [];
    for (const { name, field, photo } of photosIn(section, value)) {
      if (!photo) continue;
      const stored = media.get(photo.id);
      if (stored) replaceAt(value, name, { ...stored, alt: photo.alt });
      else missing.push({ name, field, photo });
    }
    return missing;
  };

  /**
   * Imported content with each photo as this server has it (size and placeholder from its files);
   * refused when a photo is not here (exported from another site, or its files lost).
   */
  const withStoredPhotos = (
    read: { content: SiteContent } | { errors: string[] },
  ): { content: SiteContent } | { errors: string[] } => {
    if ('errors' in read) return read;
    let imported = read.content;
    const errors: string[] = [];
    for (const section of SECTIONS) {
      const value = structuredClone(sectionValue(imported, section.id)) as Record<string, unknown>;
      for (const { field, photo } of completePhotos(section, value)) {
        errors.push(
          `${sectionTitle(section, imported)}: the ${field.label.toLowerCase()} (photo ${photo.id}) is not on this server. Upload the same photo in the editor here, then import the file again.`,
        );
      }
      imported = withSection(imported, section.id, value);
    }
    return errors.length > 0 ? { errors } : { content: imported };
  };

  /** What the form's photos are, for their previews, and whether the site shows each already. */
  const photosOf = (section: Section, values: FormValues): FormPhotos => {
    const published = new Set(
      Object.values(toFormValues(section, sectionValue(content.current().content, section.id))),
    );
    return Object.fromEntries(
      Object.entries(values)
        .filter(([name]) => name.endsWith('.id'))
        .flatMap(([, id]) => {
          const stored = media.get(id);
          return stored ? [[id, { ...stored, published: published.has(id) }]] : [];
        }),
    );
  };

  const show = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: Pick<AdminSitePage, 'view' | 'message'>,
    status = 200,
    path = request.url.split('?')[0]!,
  ) =>
    pages.sendPrivate(
      reply,
      path,
      {
        admin: {
          ...reply.signedIn(),
          screen: 'site',
          revision: content.current().revision,
          ...page,
        },
      },
      status,
    );

  const describe = (revision: RevisionSummary) =>
    `version ${revision.id}, saved by ${revision.actor} on ${formatInZone(revision.createdAt, timeZone)}`;

  admin.get<{ Querystring: { saved?: string; imported?: string } }>(
    ADMIN_PATHS.site,
    { config: { access: 'redirect' } },
    async (request, reply) => {
      const imported = request.query.imported !== undefined;
      return show(request, reply, {
        view: { name: 'overview' },
        message: imported ? { kind: 'success', text: 'Imported. The site shows the imported content now.' } : null,
      });
    },
  );

  // The sections' forms: GET shows the published values, POST saves them as a new revision.
  const sectionOf = ({ params: { section, slug } }: FastifyRequest<{ Params: { section: string; slug?: string } }>) =>
    slug === undefined ? findSection(section) : section === 'products' ? findSection(`products/${slug}`) : undefined;

  for (const route of [ADMIN_PATHS.siteSection, ADMIN_PATHS.siteProduct]) {
    admin.get<{ Params: { section: string; slug?: string }; Querystring: { saved?: string } }>(
      route,
      { config: { access: 'redirect' } },
      async (request, reply) => {
        const section = sectionOf(request);
        if (!section) return reply.callNotFound();
        const values = toFormValues(section, sectionValue(content.current().content, section.id));
        const message =
          request.query.saved === undefined
            ? null
            : { kind: 'success' as const, text: savedMessage(request.query.saved === 'same') };
        return show(request, reply, {
          view: {
            name: 'section',
            section: section.id,
            values,
            photos: photosOf(section, values),
            note: '',
            errors: {},
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
        const values: FormValues = {};
        const uploads: { name: string; file: ReceivedFile }[] = [];
        let storageFailure: StorageUnavailableError | undefined;
        for (const { name, field } of leaves(section.entries)) {
          if (field.kind === 'rows') {
            // Each row's texts, and the photos of its photo columns ("machines.2.photo.file").
            for (const [key, part] of Object.entries(body)) {
              if (!key.startsWith(`${name}.`)) continue;
              if (typeof part === 'string') values[key] = part;
              else if (key.endsWith('.file') && isFilePart(part)) {
                if ('failure' in part) storageFailure = part.failure;
                else if (!part.none) uploads.push({ name: key.slice(0, -'.file'.length), file: part });
              }
            }
          } else if (field.kind === 'photo') {
            const inputs = photoInputs(name);
            values[inputs.id] = text(body[inputs.id]);
            values[inputs.alt] = text(body[inputs.alt]);
            if (body[inputs.remove]) values[inputs.remove] = 'on';
            const file = body[inputs.file];
            if (!isFilePart(file)) continue;
            if ('failure' in file) storageFailure = file.failure;
            else if (!file.none) uploads.push({ name, file });
          } else values[name] = text(body[name]);
        }
        const note = typeof body.note === 'string' ? body.note.trim() : '';
        const base = Number(body.base);
        const json = answersJson(request, 'json-body-or-accept');
        /** The form again: refused, with its messages, or (`rows`) with a row added, moved or deleted. */
        const refuse = (status: number, errors: Record<string, string>, message: string, rows?: RowActionDone) => {
          const shown = rows?.values ?? values;
          return json
            ? reply.code(status).send({
                ok: false,
                revision: content.current().revision,
                values: shown,
                photos: photosOf(section, shown),
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
                    note,
                    errors,
                    focus: rows?.focus,
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
        if (!Number.isSafeInteger(base))
          return reply.code(400).send({ error: 'Bad Request', message: 'The form has no base revision.' });
        if (storageFailure) return storageRefusal(storageFailure, 'photo');

        // New photos are kept even when the rest of the form is refused: the form then carries their
        // ids, so a corrected form does not need them chosen again.
        const errors: Record<string, string> = {};
        for (const upload of uploads) {
          const inputs = photoInputs(upload.name);
          let stored: Awaited<ReturnType<MediaLibrary['store']>>;
          try {
            stored = await media.store(upload.file, request.adminAccount!.email);
          } catch (error) {
            const failure = asStorageFailure(error);
            if (!failure) throw error;
            return storageRefusal(failure, 'photo');
          }
          if ('refused' in stored) errors[inputs.file] = withLegend(section, upload.name, stored.refused);
          else {
            values[inputs.id] = stored.id;
            delete values[inputs.remove];
          }
        }

        // A row added, moved or deleted: the form again, changed, and nothing published.
        const rowActionAsked = text(body[ROW_ACTION]);
        if (rowActionAsked) {
          const done = applyRowAction(section, values, rowActionAsked);
          if (!done) return reply.code(400).send({ error: 'Bad Request', message: 'That row is not in the form.' });
          return refuse(200, errors, done.message, done);
        }

        const { value, rowOf } = fromFormValues(section, values);
        for (const { name, field, photo } of completePhotos(section, value)) {
          const inputs = photoInputs(name);
          if (!errors[inputs.file]) {
            const what = field.label.toLowerCase();
            errors[inputs.file] = withLegend(
              section,
              name,
              photo.id === ''
                ? `Choose the file of the ${what}, or leave its alt text empty`
                : `The ${what} is no longer on the server: choose its file again`,
            );
          }
        }
        const checked = schemaOfSection(section.id).safeParse(value);
        if (!checked.success)
          for (const [name, message] of Object.entries(messagesOf(section, checked.error.issues, rowOf)))
            errors[name] ??= message;
        if (note.length > NOTE_FIELD.max) errors.note = `Note must be ${NOTE_FIELD.max} characters or fewer`;
        if (!checked.success || Object.keys(errors).length > 0)
          return refuse(400, errors, 'There is a problem: nothing was saved. Check the fields marked below.');

        let result: ReturnType<SiteContentService['commit']>;
        try {
          result = content.commit(
            base,
            (current, atBase) =>
              isDeepStrictEqual(sectionValue(current, section.id), sectionValue(atBase, section.id))
                ? withSection(current, section.id, checked.data)
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
        const saved = toFormValues(section, sectionValue(result.published.content, section.id));
        return reply.send({
          ok: true,
          revision: result.published.revision,
          values: saved,
          photos: photosOf(section, saved),
          message: savedMessage(result.unchanged),
        } satisfies SectionSaveAnswer);
      },
    );
  }

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
      const page = content.history(request.query.before ?? Number.MAX_SAFE_INTEGER, HISTORY_PAGE);
      const { restored } = request.query;
      const message =
        restored === undefined
          ? null
          : { kind: 'success' as const, text: `Version ${restored} is published: the site shows it now.` };
      return show(request, reply, { view: { name: 'history', ...page }, message });
    },
  );

  admin.post<{ Params: { id: number }; Body: { base: number } }>(
    ADMIN_PATHS.siteRestore,
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
        body: { type: 'object', properties: { base: { type: 'integer' } }, required: ['base'] },
      },
    },
    async (request, reply) => {
      const old = content.revision(request.params.id);
      if (!old) return reply.callNotFound();
      const result = content.commit(request.body.base, (current, atBase) => (current === atBase ? old.content : null), {
        actor: request.adminAccount!.email,
        note: `Restored version ${old.revision.id}`,
        restored: old.revision.id,
      });
      const page = content.history(Number.MAX_SAFE_INTEGER, HISTORY_PAGE);
      if ('conflict' in result) {
        return show(
          request,
          reply,
          {
            view: { name: 'history', ...page },
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
        { restored: old.revision.id, revision: result.published.revision.id },
        'site editor: version restored',
      );
      return reply.redirect(
        `${ADMIN_PATHS.siteHistory}?restored=${result.unchanged ? old.revision.id : result.published.revision.id}`,
        303,
      );
    },
  );

  admin.get(ADMIN_PATHS.siteExport, { config: { access: 'unauthorized' } }, async (_request, reply) => {
    const { revision, content: current } = content.current();
    const file = {
      format: CONTENT_FILE_FORMAT,
      version: CONTENT_FILE_VERSION,
      revision: revision.id,
      exportedAt: new Date().toISOString(),
      content: current,
    };
    return sendAttachment(
      reply,
      { name: `site-content_version-${revision.id}.json`, type: 'application/json; charset=utf-8' },
      `${JSON.stringify(file, null, 2)}\n`,
    );
  });

  admin.get(ADMIN_PATHS.siteTransfer, { config: { access: 'redirect' } }, async (request, reply) => {
    return show(request, reply, { view: { name: 'transfer', errors: [], preview: null }, message: null });
  });

  // Import, step 1: the file is checked and compared with the published content (nothing saved).
  admin.post<{ Body: { file?: unknown; _csrf?: string } }>(ADMIN_PATHS.siteImportCheck, async (request, reply) => {
    const refuse = (errors: string[], status = 400) =>
      show(
        request,
        reply,
        {
          view: { name: 'transfer', errors, preview: null },
          message: { kind: 'error', text: 'The file was not imported.' },
        },
        status,
        ADMIN_PATHS.siteTransfer,
      );
    const upload = request.body?.file;
    if (isFilePart(upload) && 'failure' in upload) {
      reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
      return refuse(['The server cannot store anything just now: try again in a minute.'], 503);
    }
    if (!isFilePart(upload) || 'failure' in upload || upload.bytes === 0)
      return refuse(['Choose a site content file (.json) to import.']);
    if (upload.tooLarge)
      return refuse(
        [`The file is larger than ${IMPORT_FILE_LIMIT / (1024 * 1024)} MB: it is not a site content export.`],
        413,
      );
    const read = withStoredPhotos(readContentFile(await readFile(upload.tempPath, 'utf8')));
    if ('errors' in read) return refuse(read.errors);
    const changes = contentChanges(content.current().content, read.content);
    return show(
      request,
      reply,
      {
        view: { name: 'transfer', errors: [], preview: { json: JSON.stringify(read.content), changes } },
        message: null,
      },
      200,
      ADMIN_PATHS.siteTransfer,
    );
  });

  // Import, step 2: applied as a new revision, unless the content changed since the comparison.
  admin.post<{ Body: { json?: string; base?: string } }>(
    ADMIN_PATHS.siteImportApply,
    { bodyLimit: 2 * IMPORT_FILE_LIMIT, config: { risky: { what: RISKY_ACTIONS.importContent } } },
    async (request, reply) => {
      const json = request.body?.json ?? '';
      const read = withStoredPhotos(readContent(json));
      if ('errors' in read)
        return show(
          request,
          reply,
          {
            view: { name: 'transfer', errors: read.errors, preview: null },
            message: { kind: 'error', text: 'The file was not imported.' },
          },
          400,
          ADMIN_PATHS.siteTransfer,
        );
      const base = Number(request.body?.base);
      const result = content.commit(base, (current, atBase) => (current === atBase ? read.content : null), {
        actor: request.adminAccount!.email,
        note: 'Imported from a file',
      });
      if ('conflict' in result) {
        const changes = contentChanges(content.current().content, read.content);
        return show(
          request,
          reply,
          {
            view: { name: 'transfer', errors: [], preview: { json, changes } },
            message: {
              kind: 'error',
              text: `Not imported: the site was changed meanwhile (${describe(result.conflict.revision)}). Here is what the file would change now; apply it again if that is still right.`,
            },
          },
          409,
          ADMIN_PATHS.siteTransfer,
        );
      }
      request.log.info({ revision: result.published.revision.id }, 'site editor: content imported');
      return reply.redirect(`${ADMIN_PATHS.site}?imported=${result.published.revision.id}`, 303);
    },
  );
}

function savedMessage(unchanged: boolean): string {
  return unchanged ? 'Nothing had changed, so no new version was saved.' : 'Saved. The site shows your changes now.';
}
