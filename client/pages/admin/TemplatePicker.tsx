import type { FormEvent } from 'react';
import type { AdminEnquiryPage } from '../../../shared/admin/desk.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { USE_TEMPLATE_QUERY } from '../../../shared/admin/templates.js';
import { TEMPLATES_TEXT as TEXT } from '../../../shared/admin/texts.js';

/**
 * The reply form's choice of a template (filled for the enquiry by the server): a select and "Use
 * template". Without JavaScript it opens the page again with the template's text in the reply (what
 * was typed is not kept); with JavaScript `onUse` puts the text in the reply in place.
 */
export function TemplatePicker({ page, onUse }: { page: AdminEnquiryPage; onUse: (body: string) => void }) {
  const templates = page.replyTemplates ?? [];
  const id = `enquiry-${page.enquiry.id}-template`;
  if (templates.length === 0)
    return (
      <p className="reply-form__templates">
        <a href={ADMIN_PATHS.templates}>{TEXT.manage}</a>
      </p>
    );
  const use = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).get(USE_TEMPLATE_QUERY);
    const template = templates.find((one) => String(one.id) === chosen);
    if (template) onUse(template.body);
  };
  return (
    <form
      method="get"
      action={pathTo(ADMIN_PATHS.enquiryPage, { id: page.enquiry.id })}
      className="reply-form__templates"
      onSubmit={use}
    >
      <label htmlFor={id}>{TEXT.useLabel}</label>
      <select id={id} name={USE_TEMPLATE_QUERY} aria-describedby={`${id}-hint`}>
        {templates.map((template) => (
          <option key={template.id} value={template.id}>
            {template.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--ghost">
        {TEXT.use}
      </button>
      <a href={ADMIN_PATHS.templates}>{TEXT.manage}</a>
      <p id={`${id}-hint`} className="field__hint">
        {TEXT.useHint}
      </p>
    </form>
  );
}
