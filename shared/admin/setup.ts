import { ADMIN_PATHS } from './paths.js';

/** The five things a new site needs on its first day, in the README's order. */
export const SETUP_ITEMS = ['password', 'siteUrl', 'mail', 'backups', 'photos'] as const;
export type SetupItem = (typeof SETUP_ITEMS)[number];

/** One check of the running site: done or not. */
export type SetupState = 'done' | 'missing';

/** The Setup card on the desk, until the admin dismisses it. */
export interface SetupCard {
  checks: { item: SetupItem; state: SetupState }[];
}

/** What each check is, what its state says, and where it is set (a link in the admin, else the docs' page). */
export const SETUP_TEXT: {
  title: string;
  /** Beside the title, so the folded card still says how much is left. */
  toDo: (count: number) => string;
  intro: string;
  dismiss: string;
  items: Record<SetupItem, { label: string; done: string; missing: string; where: string; href?: string }>;
} = {
  title: 'Setup',
  toDo: (count) => (count === 0 ? 'all done' : `${count} of 5 to do`),
  intro: 'What a new site needs on its first day, checked on this site.',
  dismiss: 'Dismiss',
  items: {
    password: {
      label: 'Your own password',
      done: 'The generated password has been changed.',
      missing: 'The admin still signs in with the password generated at the first start.',
      where: 'Change it under Security in the admin.',
      href: ADMIN_PATHS.security,
    },
    siteUrl: {
      label: 'SITE_URL',
      done: 'The site’s public address is set.',
      missing: 'SITE_URL is not set: links shared from the site point to http://localhost:3000.',
      where:
        'Set SITE_URL in the server’s environment, e.g. SITE_URL=https://www.yourcompany.in (docs/configuration.md).',
    },
    mail: {
      label: 'Mail',
      done: 'Each new enquiry is e-mailed, and replies go out from the desk.',
      missing: 'SMTP_URL and NOTIFY_TO are not set: no enquiry is e-mailed to you, and no reply can be sent.',
      where: 'Set SMTP_URL and NOTIFY_TO in the server’s environment (docs/configuration.md).',
    },
    backups: {
      label: 'Backups',
      done: 'The site copies itself off this machine as it changes; the Backups card on Security shows the copies and the daily restore drill.',
      missing:
        'BACKUP_TARGET is not set: nothing is copied off this machine, so losing the server loses every enquiry.',
      where:
        'Set BACKUP_TARGET in the server’s environment to a second disk, an SFTP server or an S3 bucket (docs/backup.md).',
    },
    photos: {
      label: 'Photos',
      done: 'Your own photos are uploaded.',
      missing: 'No photo has been uploaded: the site shows its placeholder pictures.',
      where: 'Upload them in the site editor.',
      href: ADMIN_PATHS.site,
    },
  },
};
