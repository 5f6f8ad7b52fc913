/** How reading the replies' mailbox (IMAP_URL) goes: for the desk's list and /healthz, never with the password. */
export interface MailboxStatus {
  configured: boolean;
  /** ISO time of the last poll that read the mailbox; null before the first. */
  lastSuccessAt: string | null;
  /** Why the last poll failed (unreachable, login refused …); null when it succeeded. */
  lastError: string | null;
  lastErrorAt: string | null;
}

/** The desk's one line about the mailbox, when it is failing or not yet read; null when all is well. */
export function mailboxProblem(
  status: MailboxStatus | null | undefined,
  formatTime: (iso: string) => string,
): string | null {
  if (!status?.configured) return null;
  if (status.lastError) {
    const last = status.lastSuccessAt
      ? ` Last read ${formatTime(status.lastSuccessAt)}.`
      : ' It has not been read yet.';
    return `The mailbox could not be read: ${status.lastError.replace(/\.$/, '')}.${last}`;
  }
  if (!status.lastSuccessAt) return 'The mailbox has not been read yet.';
  return null;
}
