import type { TestClient } from './test-client';

/**
 * A raffle made through the admin API, as an admin makes one: taking entries since a minute ago, an hour long, one
 * winner, titled 'Test raffle' unless `fields` says otherwise (any field of the create call adds to or overrides these).
 * Throws with the answer when the api refuses it, so a test that only needs a raffle never goes on without one.
 */
export async function openRaffle(admin: TestClient, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await admin.json('POST', '/api/admin/raffles', {
    title: 'Test raffle',
    start_datetime: new Date(Date.now() - 60_000).toISOString(),
    end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
    number_of_winners: 1,
    ...fields,
  });
  if (res.status !== 201) throw new Error(`creating a raffle answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}
