import { randomBytes } from 'node:crypto';
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhookEvent } from '../../shared/admin/integrations.js';
import type { DB } from '../platform/db/open-database.js';
import type { StorageMonitor } from '../platform/storage/storage-monitor.js';

/** How long a rotated secret still signs beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** Deliveries shown in each endpoint's log. */
const LOG_LENGTH = 20;

interface EndpointRow {
  id: number;
  url: string;
  events: string;
  enabled: number;
  secret: string;
  secret_shown: number;
  previous_secret: string | null;
  previous_until: string | null;
  disabled_reason: string | null;
}

interface DeliveryRow {
  id: number;
  event: WebhookEvent;
  enquiry_id: number | null;
  status: WebhookDeliveryRow['status'];
  tries: number;
  response_code: number | null;
  error: string | null;
  created_at: string;
  next_at: string | null;
}

/** A delivery as the runner sends it: where, with which secrets, about what. */
export interface WebhookDelivery {
  id: number;
  event: WebhookEvent;
  enquiryId: number | null;
  data: string;
  createdAt: string;
  endpointId: number;
  url: string;
  enabled: boolean;
  /** The secrets that sign it: the current one, and the previous one during its 24 hours. */
  secrets: string[];
}

/** A new signing secret: whsec_ and 32 random bytes in base64, as the Standard Webhooks spec has it. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export type WebhookEndpoints = ReturnType<typeof createWebhookEndpoints>;

/** The webhook endpoints (webhook_endpoints) and their deliveries in the outbox (deliveries). */
export function createWebhookEndpoints(db: DB, storage: Pick<StorageMonitor, 'write'>, now: () => number) {
  const all = db.prepare<[], EndpointRow>('SELECT * FROM webhook_endpoints ORDER BY id');
  const logOf = db.prepare<[number, number], DeliveryRow>(
    `SELECT id, event, enquiry_id, status, tries, response_code, error, created_at, next_at FROM deliveries
     WHERE endpoint_id = ? ORDER BY id DESC LIMIT ?`,
  );
  const markShown = db.prepare('UPDATE webhook_endpoints SET secret_shown = 1 WHERE id = ?');
  const insert = db.prepare('INSERT INTO webhook_endpoints (url, events, secret, created_at) VALUES (?, ?, ?, ?)');
  const setEnabled = db.prepare(
    'UPDATE webhook_endpoints SET enabled = @enabled, disabled_reason = @reason WHERE id = @id',
  );
  const rotate = db.prepare(
    `UPDATE webhook_endpoints SET previous_secret = secret, previous_until = @until, secret = @secret,
     secret_shown = 0 WHERE id = @id`,
  );
  const remove = db.prepare('DELETE FROM webhook_endpoints WHERE id = ?');
  const delivery = db.prepare<[number], EndpointRow & DeliveryLink>(
    `SELECT d.id AS delivery_id, d.event, d.enquiry_id, d.data, d.created_at AS queued_at, w.id, w.url, w.enabled,
     w.secret, w.previous_secret, w.previous_until FROM deliveries d
     JOIN webhook_endpoints w ON w.id = d.endpoint_id WHERE d.id = ?`,
  );
  const recordAnswer = db.prepare('UPDATE deliveries SET response_code = ? WHERE id = ?');
  const ofEndpoint = db.prepare<[number, number], number>('SELECT 1 FROM deliveries WHERE id = ? AND endpoint_id = ?');

  const endpointRow = (row: EndpointRow, at: string): WebhookEndpointRow => ({
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEvent[],
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    newSecret: row.secret_shown ? null : row.secret,
    previousUntil: row.previous_secret && row.previous_until && row.previous_until > at ? row.previous_until : null,
    deliveries: logOf.all(row.id, LOG_LENGTH).map((d) => ({
      id: d.id,
      event: d.event,
      enquiryId: d.enquiry_id,
      status: d.status,
      tries: d.tries,
      responseCode: d.response_code,
      error: d.error,
      createdAt: d.created_at,
      nextAt: d.next_at,
    })),
  });

  return {
    /** Every endpoint with its log; a secret not shown yet is shown now, and never again. */
    list(): WebhookEndpointRow[] {
      const at = new Date(now()).toISOString();
      const rows = all.all().map((row) => endpointRow(row, at));
      const unshown = rows.filter((row) => row.newSecret !== null);
      if (unshown.length > 0) storage.write(() => unshown.forEach((row) => markShown.run(row.id)));
      return rows;
    },
    add(url: string, events: readonly WebhookEvent[]): number {
      const at = new Date(now()).toISOString();
      return storage.write(() => Number(insert.run(url, JSON.stringify(events), newSecret(), at).lastInsertRowid));
    },
    /** On or off (the owner's choice: any reason the site gave is cleared); false when there is no such endpoint. */
    setEnabled(id: number, enabled: boolean, reason: string | null = null): boolean {
      return storage.write(() => setEnabled.run({ id, enabled: enabled ? 1 : 0, reason }).changes > 0);
    },
    /** A new secret; the old one keeps signing for ROTATION_OVERLAP_MS. */
    rotate(id: number): boolean {
      const until = new Date(now() + ROTATION_OVERLAP_MS).toISOString();
      return storage.write(() => rotate.run({ id, until, secret: newSecret() }).changes > 0);
    },
    remove(id: number): boolean {
      return storage.write(() => remove.run(id).changes > 0);
    },
    /** Whether the delivery is in this endpoint's log (its Resend names both). */
    has(endpointId: number, deliveryId: number): boolean {
      return ofEndpoint.get(deliveryId, endpointId) !== undefined;
    },
    delivery(id: number): WebhookDelivery | undefined {
      const row = delivery.get(id);
      if (!row) return undefined;
      const at = new Date(now()).toISOString();
      const previous = row.previous_secret && row.previous_until && row.previous_until > at;
      return {
        id: row.delivery_id,
        event: row.event,
        enquiryId: row.enquiry_id,
        data: row.data,
        createdAt: row.queued_at,
        endpointId: row.id,
        url: row.url,
        enabled: row.enabled === 1,
        secrets: previous ? [row.secret, row.previous_secret!] : [row.secret],
      };
    },
    /** The HTTP status the receiver answered the delivery's last attempt with (null: no answer). */
    recordAnswer(id: number, status: number | null): void {
      storage.write(() => recordAnswer.run(status, id));
    },
  };
}

/** The delivery's own columns beside its endpoint's. */
interface DeliveryLink {
  delivery_id: number;
  event: WebhookEvent;
  enquiry_id: number | null;
  data: string;
  queued_at: string;
}
