import t from 'tap';
import { ADMIN_PATHS, pathTo } from '../../shared/admin/paths.js';
import { findRoute } from '../../shared/routes.js';

// A form posted without a script answers at its own address when it is refused (400, 409 …),
// with the screen; the browser's router must know that address too, or hydrating the answer shows
// "Page Not Found" in place of the form and its message.
t.test('every admin address that can answer with a screen is a route of the admin page', async (t) => {
  const screens = [
    ADMIN_PATHS.desk,
    ADMIN_PATHS.login,
    ADMIN_PATHS.loginCode,
    pathTo(ADMIN_PATHS.reply, { id: 58 }),
    ADMIN_PATHS.audit,
    ADMIN_PATHS.privacy,
    ADMIN_PATHS.erase,
    ADMIN_PATHS.security,
    ADMIN_PATHS.securityAuthenticator,
    ADMIN_PATHS.securityAuthenticatorOff,
    ADMIN_PATHS.securityRecoveryCodes,
    ADMIN_PATHS.site,
    pathTo(ADMIN_PATHS.siteSection, { section: 'company' }),
    pathTo(ADMIN_PATHS.siteProduct, { section: 'products', slug: 'flanges' }),
    ADMIN_PATHS.siteTransfer,
    ADMIN_PATHS.siteTranslations,
    pathTo(ADMIN_PATHS.siteTranslation, { lang: 'de' }),
    pathTo(ADMIN_PATHS.siteTranslationImport, { lang: 'de' }),
  ];
  for (const path of screens) t.equal(findRoute(path)?.page, 'admin', path);
});
