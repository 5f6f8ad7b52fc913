import { useState, type FormEvent } from 'react';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminSignedOut } from '../../../shared/admin/session.js';
import { FormField } from '../../components/FormField.js';
import { PageBanner } from '../../components/PageBanner.js';
import { postJson } from './admin-api.js';

export function LoginForm({ initial }: { initial: AdminSignedOut }) {
  const [email, setEmail] = useState(initial.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState(initial.loginError);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // What is sent is what the page shows: a visitor may have typed before the scripts took over,
    // and hydration leaves that text on the page but not in the state.
    const shown = new FormData(event.currentTarget);
    const shownEmail = shown.get('email');
    setEmail(typeof shownEmail === 'string' ? shownEmail : '');
    setBusy(true);
    setError(undefined);
    try {
      const response = await postJson(ADMIN_PATHS.login, initial.csrfToken, {
        email: shown.get('email'),
        password: shown.get('password'),
      });
      if (response.ok) {
        window.location.assign(ADMIN_PATHS.desk);
        return;
      }
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      setError(response.status === 429 && body?.message ? body.message : ADMIN_TEXT.loginFailed);
    } catch (failure) {
      console.error(failure);
      setError(ADMIN_TEXT.loginFailed);
    }
    setPassword('');
    setBusy(false);
  };

  return (
    <>
      <PageBanner title={ADMIN_TEXT.loginTitle} />
      <section className="section">
        <div className="container narrow">
          <form
            className="card card--padded"
            method="post"
            action={ADMIN_PATHS.login}
            onSubmit={onSubmit}
            aria-label={ADMIN_TEXT.loginTitle}
          >
            <input type="hidden" name="_csrf" value={initial.csrfToken} />
            {error && (
              <p className="notice notice--error" role="alert">
                {error}
              </p>
            )}
            <FormField
              id="admin-email"
              name="email"
              type="email"
              label="Email"
              value={email}
              error={undefined}
              onChange={(event) => setEmail(event.target.value)}
              required
              autoComplete="username"
            />
            <FormField
              id="admin-password"
              name="password"
              type="password"
              label="Password"
              value={password}
              error={undefined}
              onChange={(event) => setPassword(event.target.value)}
              required
              autoComplete="current-password"
            />
            <button type="submit" className="button" disabled={busy}>
              {busy ? ADMIN_TEXT.loggingIn : ADMIN_TEXT.login}
            </button>
          </form>
        </div>
      </section>
    </>
  );
}
