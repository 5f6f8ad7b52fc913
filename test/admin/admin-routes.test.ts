import t from 'tap';
import { ADMIN_PATHS, pathTo } from '../../shared/admin/paths.js';
import { ADMIN_SCREENS, SCREEN_REGISTRY, type AdminScreenName } from '../../shared/admin/screens.js';
import { defaultContent } from '../../shared/content/defaults.js';
import { en } from '../../shared/i18n/catalogues/en.js';
import { findAnyRoute } from '../../shared/admin/routes.js';
import { ADMIN_PLUGINS } from '../../server/admin/admin-screens.js';

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
  for (const path of screens) t.equal(findAnyRoute(path)?.page, 'admin', path);
});

t.test('the screen registry: each screen a route, a plugin and a header link when it has a label', async (t) => {
  const names = Object.keys(SCREEN_REGISTRY) as AdminScreenName[];
  for (const name of names) {
    const servedBy = ADMIN_PLUGINS.filter((plugin) => plugin.screens.includes(name));
    t.equal(servedBy.length, 1, `${name}: rendered by one plugin`);
    for (const path of SCREEN_REGISTRY[name].paths) {
      t.equal(findAnyRoute(path.replace('*', 'x'))?.title(defaultContent, en), SCREEN_REGISTRY[name].title, path);
    }
  }
  t.same(
    ADMIN_SCREENS.map((screen) => screen.label),
    ['Enquiries', 'Reports', 'Site', 'Audit log', 'Personal data', 'Integrations', 'Security'],
    "the header's sections, in order",
  );
});
