import { QueryStatus } from '../../components/ui/query-status';
import { useGetSafetyOverviewQuery } from './admin-safety-api';

const POLL_MS = 30_000;

/**
 * Today's visitors by country and how many the age gate turned away, with the breaks running: counts only, never
 * who, never an address (Go live and the Safer gambling screen).
 */
export function SafetyOverviewPanel() {
  const { data, isLoading, isError } = useGetSafetyOverviewQuery(undefined, { pollingInterval: POLL_MS });
  return (
    <section className="card admin-fieldset" aria-labelledby="safety-overview-title" data-testid="safety-overview">
      <h2 id="safety-overview-title">Visitors today</h2>
      <QueryStatus
        isLoading={isLoading}
        isError={isError && !data}
        loadingText="Loading the visitor counts..."
        errorText="Failed to load the visitor counts."
      />
      {data && (
        <>
          <p>
            Age question: {data.today.gate_yes} said yes, {data.today.gate_no} turned away · {data.on_break} members on a break (
            {data.until_asked} until they ask) · {data.confirmed_members} members confirmed their age
          </p>
          {data.today.visitors.length === 0 ? (
            <p>No visitors counted yet today.</p>
          ) : (
            <table className="admin-table">
              <caption className="visually-hidden">Visitors today by country</caption>
              <thead>
                <tr>
                  <th scope="col">Country</th>
                  <th scope="col">Visitors</th>
                </tr>
              </thead>
              <tbody>
                {data.today.visitors.map((row) => (
                  <tr key={row.country}>
                    <th scope="row">{row.country === '??' ? 'Unknown' : row.country}</th>
                    <td>{row.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
