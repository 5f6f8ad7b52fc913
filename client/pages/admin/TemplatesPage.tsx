import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import {
  TEMPLATE_LIMITS,
  TEMPLATE_PLACEHOLDERS,
  type AdminTemplatesPage,
  type ReplyTemplate,
} from '../../../shared/admin/templates.js';
import { SIGNATURE_TEXT, TEMPLATES_TEXT as TEXT } from '../../../shared/admin/texts.js';
import { MAX_SIGNATURE_LENGTH } from '../../../shared/admin/reply.js';
import { AdminHeading } from './AdminShell.js';

/** One saved template: its name and subject, the start of its text, Edit (a link) and Delete (a plain form). */
function TemplateCard({ template, csrf }: { template: ReplyTemplate; csrf: string }) {
  return (
    <li className="card card--padded" id={`template-${template.id}`}>
      <h3>{template.name}</h3>
      {template.subject && <p>{template.subject}</p>}
      <p className="reply-template__body">{template.body}</p>
      <div className="admin-actions">
        <a className="button button--ghost" href={`${ADMIN_PATHS.templates}?edit=${template.id}#template-form`}>
          {TEXT.edit}
        </a>
        <form method="post" action={pathTo(ADMIN_PATHS.templateDelete, { id: template.id })} className="inline-form">
          <input type="hidden" name="_csrf" value={csrf} />
          <button type="submit" className="button button--danger">
            {TEXT.delete}
          </button>
        </form>
      </div>
    </li>
  );
}

/** The form of a new template (id 0) or of the one being edited; refused, it says why and keeps what was typed. */
function TemplateForm({ page }: { page: AdminTemplatesPage }) {
  const { editing, error } = page;
  const field = (name: 'name' | 'subject', label: string) => (
    <div className="field">
      <label htmlFor={`template-${name}`}>{label}</label>
      <input
        id={`template-${name}`}
        name={name}
        maxLength={TEMPLATE_LIMITS[name]}
        required={name === 'name'}
        defaultValue={editing[name]}
      />
    </div>
  );
  return (
    <form method="post" action={ADMIN_PATHS.templates} className="card card--padded" id="template-form">
      <h2>{editing.id === 0 ? TEXT.newHeading : TEXT.editHeading(editing.name)}</h2>
      <input type="hidden" name="_csrf" value={page.csrfToken} />
      <input type="hidden" name="id" value={editing.id} />
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {field('name', TEXT.nameLabel)}
      {field('subject', TEXT.subjectLabel)}
      <div className="field">
        <label htmlFor="template-body">{TEXT.bodyLabel}</label>
        <textarea
          id="template-body"
          name="body"
          rows={10}
          required
          maxLength={TEMPLATE_LIMITS.body}
          defaultValue={editing.body}
        />
      </div>
      <div className="admin-actions">
        <button type="submit" className="button">
          {TEXT.save}
        </button>
        {editing.id !== 0 && (
          <a className="button button--ghost" href={ADMIN_PATHS.templates}>
            {TEXT.cancel}
          </a>
        )}
      </div>
    </form>
  );
}

/** The signature below every reply: one text, saved with a plain form. */
function SignatureForm({ page }: { page: AdminTemplatesPage }) {
  return (
    <form method="post" action={ADMIN_PATHS.replySignature} className="card card--padded" id="signature-form">
      <h2>{SIGNATURE_TEXT.heading}</h2>
      <p>{SIGNATURE_TEXT.intro}</p>
      <input type="hidden" name="_csrf" value={page.csrfToken} />
      <div className="field">
        <label htmlFor="reply-signature">{SIGNATURE_TEXT.label}</label>
        <textarea
          id="reply-signature"
          name="signature"
          rows={4}
          maxLength={MAX_SIGNATURE_LENGTH}
          defaultValue={page.signature}
        />
      </div>
      <button type="submit" className="button">
        {SIGNATURE_TEXT.save}
      </button>
    </form>
  );
}

/** /admin/templates: the placeholders, the saved templates, and the form to add or edit one; plain forms only. */
export function TemplatesPage({ page }: { page: AdminTemplatesPage }) {
  return (
    <>
      <AdminHeading title={TEXT.title} />
      <section className="section section--tight">
        <div className="container admin-templates">
          <p>{TEXT.intro}</p>
          {page.message && (
            <p className="notice notice--success" role="status">
              {page.message}
            </p>
          )}
          <h2>{TEXT.placeholdersHeading}</h2>
          <p>{TEXT.placeholdersIntro}</p>
          <dl className="template-placeholders">
            {Object.entries(TEMPLATE_PLACEHOLDERS).map(([name, meaning]) => (
              <div key={name}>
                <dt>
                  <code>{`{${name}}`}</code>
                </dt>
                <dd>{meaning}</dd>
              </div>
            ))}
          </dl>
          <SignatureForm page={page} />
          <TemplateForm key={page.editing.id} page={page} />
          {page.templates.length === 0 ? (
            <p>{TEXT.none}</p>
          ) : (
            <ul className="template-list">
              {page.templates.map((template) => (
                <TemplateCard key={template.id} template={template} csrf={page.csrfToken} />
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
