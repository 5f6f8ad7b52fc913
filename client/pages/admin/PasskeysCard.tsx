import { useState } from 'react';
import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { PASSKEY_NAME_MAX, type AdminSecurityPage } from '../../../shared/admin/security.js';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { FormField } from '../../components/FormField.js';
import { addPasskey, usePasskeyAction, usePasskeysUnavailable } from './passkeys.js';

/** The longest name a passkey may have (the server says the same). */

/** Adding a passkey: with JavaScript only (WebAuthn is a browser API); without it, a sentence says so. */
function AddPasskey({ csrfToken, onAdded }: { csrfToken: string; onAdded: (page: AdminSecurityPage) => void }) {
  const unavailable = usePasskeysUnavailable();
  const [name, setName] = useState('');
  const { busy, error, errorRef, run } = usePasskeyAction();
  if (unavailable) {
    return (
      <p className="notice notice--info">
        {unavailable} Authenticator codes and recovery codes work without it, and so does removing a passkey.
      </p>
    );
  }
  const add = () => run(async () => onAdded(await addPasskey(csrfToken, name)), 'The passkey could not be added.');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <h3>Add a passkey</h3>
      {error && (
        <p className="notice notice--error" role="alert" tabIndex={-1} ref={errorRef}>
          {error}
        </p>
      )}
      <FormField
        id="passkey-name"
        name="name"
        label="Name of the passkey"
        hint={`Which device or key it is on, e.g. “Office laptop”; at most ${PASSKEY_NAME_MAX} characters. Left empty, it is named after today’s date.`}
        value={name}
        error={undefined}
        onChange={(event) => setName(event.target.value)}
        maxLength={PASSKEY_NAME_MAX}
        autoComplete="off"
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? ADMIN_TEXT.passkeyWaiting : 'Add a passkey'}
      </button>
    </form>
  );
}

/** The Passkeys card of the Security screen: the passkeys (each removable with a plain form), and adding one. */
export function PasskeysCard({
  page,
  onAdded,
}: {
  page: AdminSecurityPage;
  onAdded: (page: AdminSecurityPage) => void;
}) {
  const { passkeys, csrfToken, timeZone } = page;
  return (
    <div className="card card--padded">
      <h2>Passkeys</h2>
      <p>
        {passkeys.length > 0 && <strong>On. </strong>}A passkey signs in on its own, without your email or password:
        your phone or computer checks it is you (fingerprint, face or screen lock), or you use a security key. It works
        only on this site’s address.
      </p>
      {passkeys.length > 0 && (
        <ul className="passkey-list">
          {passkeys.map((passkey) => (
            <li key={passkey.id}>
              <p className="passkey-list__name">{passkey.name}</p>
              <p className="passkey-list__dates">
                Added {formatEnquiryDate(passkey.createdAt, timeZone)};{' '}
                {passkey.lastUsedAt ? `last used ${formatEnquiryDate(passkey.lastUsedAt, timeZone)}` : 'not used yet'}
              </p>
              <form method="post" action={pathTo(ADMIN_PATHS.securityPasskeyRemove, { id: passkey.id })}>
                <input type="hidden" name="_csrf" value={csrfToken} />
                <button type="submit" className="button button--danger" aria-label={`Remove passkey ${passkey.name}`}>
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <AddPasskey csrfToken={csrfToken} onAdded={onAdded} />
    </div>
  );
}
