import { fetchOn } from './server.js';

/** A minimal browser stand-in for the admin HTTP tests: keeps its cookies and the CSRF token. */
export class AdminClient {
  readonly jar = new Map<string, string>();
  csrfToken = '';

  constructor(readonly baseUrl: string) {}

  /** The Cookie header this client sends; setting it replaces every cookie. */
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  set cookie(header: string) {
    this.jar.clear();
    for (const pair of header.split(/;\s*/).filter(Boolean)) {
      const at = pair.indexOf('=');
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size > 0) headers.set('cookie', this.cookie);
    const response = await fetchOn(this.baseUrl + path, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(/;\s*/);
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      const expired =
        value === '' ||
        attributes.some((attribute) => /^expires=Thu, 01 Jan 1970/i.test(attribute) || /^max-age=0$/i.test(attribute));
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  /** Loads /admin and picks the CSRF token out of the page's bootstrap data. */
  async openPanel(query = ''): Promise<string> {
    const html = await (await this.request(`/admin${query}`)).text();
    this.csrfToken = /"csrfToken":"([^"]+)"/.exec(html)?.[1] ?? '';
    return html;
  }

  /** A change as the enhanced desk sends it: JSON, with the CSRF token. */
  post(path: string, body: unknown = {}): Promise<Response> {
    return this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': this.csrfToken },
      body: JSON.stringify(body),
    });
  }

  login(email: string, password: string, asJson = true): Promise<Response> {
    return asJson
      ? this.request('/admin/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': this.csrfToken },
          body: JSON.stringify({ email, password }),
        })
      : this.request('/admin/login', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email, password, _csrf: this.csrfToken }).toString(),
        });
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.openPanel();
    const response = await this.login(email, password);
    if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
    await this.openPanel();
  }
}

/** The admin account the tests configure through ADMIN_EMAIL and ADMIN_PASSWORD. */
export const TEST_ADMIN = { email: 'owner@forge.test', password: 'correct horse battery staple' };
export const TEST_ADMIN_ENV = { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password };
