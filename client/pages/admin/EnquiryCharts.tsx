import type { EnquiryStats } from '../../../shared/admin/desk.js';

const WIDTH = 360;
const HEIGHT = 120;
const BAR_GAP = 4;

/** "23 Nov": the day a week starts, short. */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * Enquiries per week (last 12 weeks) and by product, as plain SVG drawn by the server (no chart
 * library): each chart is an image with a text alternative, and its figures are also a table.
 */
export function EnquiryCharts({ stats }: { stats: EnquiryStats }) {
  const weekMax = Math.max(1, ...stats.weeks.map((week) => week.count));
  const barWidth = WIDTH / stats.weeks.length - BAR_GAP;
  const productMax = Math.max(1, ...stats.products.map((product) => product.count));
  const weeksText = stats.weeks.map((week) => `week of ${shortDay(week.start)}: ${week.count}`).join(', ');
  return (
    <div className="admin-charts">
      <figure className="card card--padded chart">
        <figcaption id="chart-weeks-title">Enquiries per week, last 12 weeks</figcaption>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby="chart-weeks-title chart-weeks-text"
          focusable="false"
        >
          {stats.weeks.map((week, n) => {
            const height = (week.count / weekMax) * HEIGHT;
            return (
              <rect
                key={week.start}
                x={n * (barWidth + BAR_GAP)}
                y={HEIGHT - height}
                width={barWidth}
                height={height}
                rx="2"
              />
            );
          })}
        </svg>
        <p className="chart__axis" aria-hidden="true">
          <span>{shortDay(stats.weeks[0]!.start)}</span>
          <span>this week</span>
        </p>
        <p id="chart-weeks-text" className="visually-hidden">{`${weeksText}.`}</p>
      </figure>
      <figure className="card card--padded chart">
        <figcaption>Enquiries by product</figcaption>
        {stats.products.length === 0 ? (
          <p>No enquiries yet.</p>
        ) : (
          <ul className="chart-bars">
            {stats.products.map((product) => (
              <li key={product.label}>
                <span className="chart-bars__label">{product.label}</span>
                <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                  <rect width={(product.count / productMax) * 100} height="10" rx="1" />
                </svg>
                <span className="chart-bars__count">{product.count}</span>
              </li>
            ))}
          </ul>
        )}
      </figure>
    </div>
  );
}
