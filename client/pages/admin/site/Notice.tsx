import type { AdminSitePage } from '../../../../shared/site-editor.js';

/** What was done, or why it was refused: a status, or an alert. */
export function Notice({ message }: { message: AdminSitePage['message'] }) {
  if (!message) return null;
  return (
    <p className={`notice notice--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
      {message.text}
    </p>
  );
}
