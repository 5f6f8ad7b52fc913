import { findRoute, routeFinder, type SiteRoute } from '../routes.js';
import { SCREEN_REGISTRY } from './screens.js';

/** The addresses of the admin's screens (shared/admin/screens.ts), each made for one request. */
export const ADMIN_ROUTES: readonly SiteRoute[] = Object.values(SCREEN_REGISTRY).flatMap(
  ({ paths, title, description }) =>
    paths.map((path): SiteRoute => ({
      path,
      page: 'admin',
      cache: 'private',
      listed: false,
      title: () => title,
      description: () => description,
    })),
);

const findAdminRoute = routeFinder(ADMIN_ROUTES);

/** The route at a path, the public site's or an admin screen's (for the server). */
export const findAnyRoute = (path: string): SiteRoute | undefined => findRoute(path) ?? findAdminRoute(path);
