import { countryCode, flagOf } from '../../../shared/content/countries.js';

/** The export markets as a list, each country with its flag (drawn by the reader's system, hidden from screen readers). */
export function MarketList({ markets }: { markets: readonly string[] }) {
  return (
    <ul className="markets" role="list">
      {markets.map((market) => {
        const code = countryCode(market);
        return (
          <li key={market}>
            {code && (
              <span className="markets__flag" aria-hidden="true">
                {flagOf(code)}
              </span>
            )}
            {market}
          </li>
        );
      })}
    </ul>
  );
}
