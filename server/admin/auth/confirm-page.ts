import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminConfirmPage, RiskyWhat } from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import { adminAddress } from './after-sign-in.js';
import { factorsOf, type SecondFactor } from './second-factor/second-factor.js';

/** A risky action, as its route names it: what it does ("export the enquiries"), and whether it is a download. */
export interface RiskyAction {
  what: RiskyWhat;
  download?: boolean;
}

/** The "Confirm it's you" page before a risky action, with why the last try failed (`error`), answered with `status`. */
export function showConfirmPage(
  options: SecondFactor & { pages: PageRenderer },
  request: FastifyRequest,
  reply: FastifyReply,
  risk: RiskyAction,
  error: string | null,
  status: number,
) {
  const account = request.adminAccount!;
  const viaConfirm = request.method === 'GET';
  // Asked for at /admin/confirm itself (by a script): back to where it says, not to itself.
  const back =
    request.routeOptions.url === ADMIN_PATHS.confirm
      ? (adminAddress((request.query as { returnTo?: string }).returnTo) ?? ADMIN_PATHS.desk)
      : request.url;
  const page: AdminConfirmPage = {
    ...reply.signedIn(),
    screen: 'confirm',
    what: risk.what,
    action: viaConfirm ? ADMIN_PATHS.confirm : request.url,
    fields: viaConfirm
      ? [
          ['returnTo', back],
          ['what', risk.what],
          ['download', risk.download ? 'yes' : 'no'],
        ]
      : (request.sentFields ?? []),
    download: risk.download === true,
    factors: factorsOf(options, account.id),
    error,
  };
  return options.pages.sendPrivate(
    reply,
    new URL(request.url, 'http://admin.invalid').pathname,
    { admin: page },
    status,
  );
}
