import type { MouseEvent, ReactNode } from 'react';

/** A link to another page of a list: where it goes and what it says. */
export interface PageLink {
  href: string;
  text: string;
}

/**
 * The links under an admin list: back to its newest page (on a later page) and on to older ones. Plain
 * links, so paging works without JavaScript; `onOlder` lets a list that scripts run in load the older
 * page in place instead.
 */
export function AdminPager({
  label,
  newest,
  older,
  onOlder,
}: {
  label: string;
  newest?: PageLink | null;
  older: PageLink | null;
  onOlder?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <nav className="admin-pages" aria-label={label}>
      {newest && <a href={newest.href}>{newest.text}</a>}
      {older && (
        <a className="button button--ghost" href={older.href} onClick={onOlder}>
          {older.text}
        </a>
      )}
    </nav>
  );
}

/**
 * An admin list as a table, newest first: a header per column, the rows (`children`), then the pager
 * to its older rows when there are any (`older`, in a navigation named `pagerLabel`). On a narrow
 * screen the table scrolls sideways inside its named region, which takes focus so that keys scroll it;
 * `stacked`, it shows each row as a card of labelled lines instead (each cell's `data-label`).
 */
export function AdminTable({
  label,
  columns,
  children,
  older,
  pagerLabel,
  stacked = false,
}: {
  label: string;
  columns: ReactNode[];
  children: ReactNode;
  older: PageLink | null;
  pagerLabel: string;
  stacked?: boolean;
}) {
  return (
    <>
      <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
        <table className={stacked ? 'audit-log audit-log--stacked' : 'audit-log'}>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th key={index} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      {older && <AdminPager label={pagerLabel} older={older} />}
    </>
  );
}
