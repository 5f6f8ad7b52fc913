/**
 * Everything of the admin is under this address: the session cookie is sent to nothing else. In a
 * file of its own: a public page's script needs only this, and a module is bundled whole with every
 * export that any chunk uses (the admin's table of paths would ride along in every page's script).
 */
export const ADMIN_AREA = '/admin';
