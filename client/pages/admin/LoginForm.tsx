import { useState, type FormEvent } from 'react';
import { ADMIN_TEXT, FORGOT_TEXT, secondStepTitle } from '../../../shared/admin/texts.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminSignedOut } from '../../../shared/admin/session.js';
import { FormField } from '../../components/FormField.js';
import { AdminHeading } from './AdminShell.js';
import { postJson } from './admin-api.js';
import { CodeField } from './CodeField.js';
import { ForgotPasswordForm, ResetPasswordForm } from './ForgotPassword.js';
import { PasskeySignIn } from './PasskeySignIn.js';
import { RememberDevice } from './RememberDevice.js';

export function LoginForm({ initial }: { initial: AdminSignedOut }) {
  if (initial.step === 'forgot') return <ForgotPasswordForm initial={initial} />;
  if (initial.step === 'reset') return <ResetPasswordForm initial={initial} />;
  return initial.step === 'code' ? <CodeForm initial={initial} /> : <PasswordForm initial={initial} />;
}

/**
 * After a right password, when a second factor is on: a passkey (with JavaScript), a code from the
 * authenticator app, or a recovery code. The code is a plain form (the same with and without
 * JavaScript); Start again signs the half-done sign-in out.
 */
function CodeForm({ initial }: { initial: AdminSignedOut }) {
  const title = secondStepTitle(initial.factors);
  const byApp = initial.factors?.authenticator !== false;
  return (
    <>
      <AdminHeading title={title} />
      <section className="section">
        <div className="container narrow admin-sign-in">
          {initial.factors?.passkeys && (
            <div className="card card--padded">
              <PasskeySignIn
                csrfToken={initial.csrfToken}
                lead="Confirm it is you with one of your passkeys:"
                otherWays={
                  byApp
                    ? 'Type the code your authenticator app shows, or a recovery code, below.'
                    : 'Type one of your recovery codes below.'
                }
              />
            </div>
          )}
          <form className="card card--padded" method="post" action={ADMIN_PATHS.loginCode} aria-label={title}>
            <input type="hidden" name="_csrf" value={initial.csrfToken} />
            {initial.loginError && (
              <p className="notice notice--error" role="alert">
                {initial.loginError}
              </p>
            )}
            <CodeField id="admin-code" recoveryOnly={!byApp} withHint autoFocus={!initial.factors?.passkeys} />
            <button type="submit" className="button">
              {ADMIN_TEXT.verify}
            </button>
          </form>
          <form method="post" action={ADMIN_PATHS.logout} className="security-start-again">
            <input type="hidden" name="_csrf" value={initial.csrfToken} />
            <button type="submit" className="button button--ghost">
              {ADMIN_TEXT.startAgain}
            </button>
          </form>
        </div>
      </section>
    </>
  );
}

function PasswordForm({ initial }: { initial: AdminSignedOut }) {
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
        remember: shown.get('remember') === 'on',
      });
      if (response.ok) {
        // The screen asked for before signing in (a link in an e-mail), else the desk.
        const { next } = (await response.json().catch(() => ({}))) as { next?: string };
        window.location.assign(next ?? ADMIN_PATHS.desk);
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
      <AdminHeading title={ADMIN_TEXT.loginTitle} />
      <section className="section">
        <div className="container narrow admin-sign-in">
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
            <RememberDevice id="admin-remember" />
            <button type="submit" className="button" disabled={busy}>
              {busy ? ADMIN_TEXT.loggingIn : ADMIN_TEXT.login}
            </button>
            <p className="admin-sign-in__forgot">
              <a href={ADMIN_PATHS.loginForgot}>{FORGOT_TEXT.link}</a>
            </p>
          </form>
          <div className="card card--padded">
            <PasskeySignIn
              csrfToken={initial.csrfToken}
              remember
              lead="Or sign in without typing your email or password:"
              otherWays="Sign in with your email and password above, then, if you have turned them on, with a code from your authenticator app or a recovery code."
            />
          </div>
        </div>
      </section>
    </>
  );
}
