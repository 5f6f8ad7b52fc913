import type { ContentChange } from '../../../../shared/site-editor.js';

/** Field by field, what a change does to the site: where, the value now, and the value after. */
export function ChangesTable({ changes, label, after }: { changes: ContentChange[]; label: string; after: string }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="audit-log">
        <thead>
          <tr>
            <th scope="col">Where</th>
            <th scope="col">Now</th>
            <th scope="col">{after}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change, index) => (
            <tr key={index}>
              <th scope="row">{`${change.section}: ${change.field}`}</th>
              <td className="change-text">{shown(change, change.before)}</td>
              <td className="change-text">{shown(change, change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function shown(change: ContentChange, value: string): string {
  if (value === '') return change.photo ? '(no photo)' : change.pdf ? '(no PDF)' : '(empty)';
  return change.photo ? `Photo ${value}` : change.pdf ? `PDF ${value}` : value;
}
