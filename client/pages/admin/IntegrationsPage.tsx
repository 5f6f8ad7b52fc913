import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_NAMES,
  type AdminIntegrationsPage,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../../shared/admin/integrations.js';
import { INTEGRATIONS_TEXT as TEXT } from '../../../shared/admin/texts.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { AdminHeading } from './AdminShell.js';
import { AdminTable } from './AdminTable.js';

/** A one-button form posting to `action` with the CSRF token (works without JavaScript). */
function PostButton({
  action,
  csrf,
  label,
  danger,
}: {
  action: string;
  csrf: string;
  label: string;
  danger?: boolean;
}) {
  return (
    <form method="post" action={action} className="inline-form">
      <input type="hidden" name="_csrf" value={csrf} />
      <button type="submit" className={danger ? 'button button--danger' : 'button button--ghost'}>
        {label}
      </button>
    </form>
  );
}

function DeliveryLog({ endpoint, csrf }: { endpoint: WebhookEndpointRow; csrf: string }) {
  if (endpoint.deliveries.length === 0) return <p>{TEXT.noDeliveries}</p>;
  const columns = ['Event', 'Enquiry', 'Status', 'Tries', 'Answer', 'Queued', ''];
  const row = (delivery: WebhookDeliveryRow) => (
    <tr key={delivery.id}>
      <td>{WEBHOOK_EVENTS[delivery.event]}</td>
      <td>
        {delivery.enquiryId !== null && (
          <a href={pathTo(ADMIN_PATHS.enquiryPage, { id: delivery.enquiryId })}>{`#${delivery.enquiryId}`}</a>
        )}
      </td>
      <td>{delivery.error ? `${delivery.status}: ${delivery.error}` : delivery.status}</td>
      <td>{delivery.tries}</td>
      <td>{delivery.responseCode ?? '—'}</td>
      <td>{delivery.createdAt}</td>
      <td>
        <PostButton
          action={pathTo(ADMIN_PATHS.integrationResend, { id: endpoint.id, delivery: delivery.id })}
          csrf={csrf}
          label={TEXT.resend}
        />
      </td>
    </tr>
  );
  return (
    <AdminTable label={`${TEXT.deliveriesCaption}: ${endpoint.url}`} columns={columns} older={null} pagerLabel="">
      {endpoint.deliveries.map(row)}
    </AdminTable>
  );
}

function Endpoint({ endpoint, csrf }: { endpoint: WebhookEndpointRow; csrf: string }) {
  const action = (name: string) => pathTo(ADMIN_PATHS.integrationAction, { id: endpoint.id, action: name });
  return (
    <div className="card card--padded" id={`endpoint-${endpoint.id}`}>
      <h2>{endpoint.url}</h2>
      <p>
        {`${endpoint.enabled ? TEXT.on : TEXT.off} · ${endpoint.events.map((event) => WEBHOOK_EVENTS[event]).join(', ')}`}
      </p>
      {endpoint.disabledReason && <p className="notice notice--error">{endpoint.disabledReason}</p>}
      {endpoint.newSecret && (
        <p className="notice notice--success">
          {TEXT.secretOnce} <code>{endpoint.newSecret}</code>
        </p>
      )}
      {endpoint.previousUntil && <p>{TEXT.previousUntil(endpoint.previousUntil)}</p>}
      <div className="admin-actions">
        <PostButton
          action={action(endpoint.enabled ? 'off' : 'on')}
          csrf={csrf}
          label={endpoint.enabled ? TEXT.turnOff : TEXT.turnOn}
        />
        <PostButton action={action('rotate')} csrf={csrf} label={TEXT.rotate} />
        <PostButton action={action('remove')} csrf={csrf} label={TEXT.remove} danger />
      </div>
      <h3>{TEXT.deliveriesCaption}</h3>
      <DeliveryLog endpoint={endpoint} csrf={csrf} />
    </div>
  );
}

/** /admin/integrations: the webhook endpoints, each with its delivery log; plain forms only. */
export function IntegrationsPage({ page }: { page: AdminIntegrationsPage }) {
  return (
    <>
      <AdminHeading title={TEXT.title} />
      <section className="section section--tight">
        <div className="container admin-integrations">
          <p>{TEXT.intro}</p>
          {page.message && (
            <p className="notice notice--success" role="status">
              {page.message}
            </p>
          )}
          <form method="post" action={ADMIN_PATHS.integrations} className="card card--padded">
            <input type="hidden" name="_csrf" value={page.csrfToken} />
            <div className={page.error ? 'field field--invalid' : 'field'}>
              <label htmlFor="webhook-url">{TEXT.urlLabel}</label>
              <p id="webhook-url-hint" className="field__hint">
                {TEXT.urlHint}
              </p>
              <input
                id="webhook-url"
                name="url"
                type="url"
                maxLength={2000}
                required
                defaultValue={page.url}
                aria-describedby={`webhook-url-hint${page.error ? ' webhook-url-error' : ''}`}
                aria-invalid={page.error ? true : undefined}
              />
              {page.error && (
                <p id="webhook-url-error" className="field__error">
                  {page.error}
                </p>
              )}
            </div>
            <fieldset>
              <legend>{TEXT.eventsLegend}</legend>
              {WEBHOOK_EVENT_NAMES.map((event) => (
                <label key={event}>
                  <input type="checkbox" name="events" value={event} defaultChecked /> {WEBHOOK_EVENTS[event]}
                </label>
              ))}
            </fieldset>
            <button type="submit" className="button">
              {TEXT.add}
            </button>
          </form>
          {page.endpoints.length === 0 && <p>{TEXT.noEndpoints}</p>}
          {page.endpoints.map((endpoint) => (
            <Endpoint key={endpoint.id} endpoint={endpoint} csrf={page.csrfToken} />
          ))}
        </div>
      </section>
    </>
  );
}
