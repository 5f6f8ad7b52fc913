import { createHmac, randomBytes } from 'node:crypto';
import type { DB } from '../../../platform/db/open-database.js';

export const RECOVERY_CODE_COUNT = 10;
/** 10 letters and digits a code, shown as xxxxx-xxxxx; the alphabet leaves out 0/o, 1/l/i. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const newCode = () => {
  const letters = [...randomBytes(10)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
};

/** A typed code as stored: lower case, without spaces or dashes. */
export const normalRecoveryCode = (typed: string) => typed.toLowerCase().replace(/[\s-]/g, '');

/**
 * Single-use codes for when the authenticator is lost. Only keyed hashes are stored (a code has
 * about 50 bits of chance, so a keyed hash is enough; a slow hash would add nothing but time).
 */
export function createRecoveryCodes(db: DB, serverSecret: string) {
  const hash = (code: string) =>
    createHmac('sha256', serverSecret)
      .update(`recovery code:${normalRecoveryCode(code)}`)
      .digest('base64url');
  const removeAll = db.prepare('DELETE FROM admin_recovery_codes WHERE account_id = ?');
  const insert = db.prepare('INSERT INTO admin_recovery_codes (code_hash, account_id) VALUES (?, ?)');
  const use = db.prepare(
    'UPDATE admin_recovery_codes SET used_at = ? WHERE code_hash = ? AND account_id = ? AND used_at IS NULL',
  );
  const unused = db
    .prepare<[number], number>('SELECT count(*) FROM admin_recovery_codes WHERE account_id = ? AND used_at IS NULL')
    .pluck();

  return {
    /** New codes for the account, replacing every earlier one; returned once, to be shown once. */
    replace(accountId: number): string[] {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
      db.transaction(() => {
        removeAll.run(accountId);
        for (const code of codes) insert.run(hash(code), accountId);
      })();
      return codes;
    },
    /** Uses a code: true once for each code the account holds, false for anything else. */
    use(accountId: number, typed: string, at: Date): boolean {
      return use.run(at.toISOString(), hash(typed), accountId).changes === 1;
    },
    unused: (accountId: number): number => unused.get(accountId)!,
    removeAll: (accountId: number): void => void removeAll.run(accountId),
  };
}

export type RecoveryCodes = ReturnType<typeof createRecoveryCodes>;
