import { MIN_PASSWORD_LENGTH } from '../../../shared/admin/security.js';

/** The longest password taken (scrypt hashes whatever it is given; a megabyte would only cost time). */
const MAX_PASSWORD_LENGTH = 1000;

export const PASSWORD_REFUSED = {
  tooShort: `The new password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooLong: `The new password can be at most ${MAX_PASSWORD_LENGTH} characters.`,
  different: 'The two new passwords are not the same. Please type it twice.',
} as const;

/**
 * Why a new password is refused, or null when it is taken: the same rules on the Security screen
 * (Change password) and for a forgotten one.
 */
export function passwordRefusal(password: string, repeated: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_REFUSED.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_REFUSED.tooLong;
  if (password !== repeated) return PASSWORD_REFUSED.different;
  return null;
}
