/** A minimal browser stand-in for the admin HTTP tests: keeps the session cookie and the CSRF token. */
export class AdminClient {
  cookie = '';
  csrfToken = '';

  constructor(readonly baseUrl: string) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set('cookie', this.cookie);
    const response = await fetch(this.baseUrl + path, { ...init, headers, redirect: 'manual' });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    return response;
  }

  /** Loads /admin and picks the CSRF token out of the page's bootstrap data. */
  async openPanel(query = ''): Promise<string> {
    const html = await (await this.request(`/admin${query}`)).text();
    this.csrfToken = /"csrfToken":"([^"]+)"/.exec(html)?.[1] ?? '';
    return html;
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
