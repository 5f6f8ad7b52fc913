/**
 * Rows of a label and its value, each label the header of its row. The caption is for screen readers
 * (a visible heading above names the table for everyone else).
 */
export function SpecTable({ caption, rows }: { caption: string; rows: readonly { label: string; value: string }[] }) {
  return (
    <table className="spec-table">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
