import type { TournamentMatch } from '@kickback/contracts';
import { integrationStack } from '@kickback/testing';

/** A match winner the multipliers contradict needs an explicit override; the server refuses it otherwise. */
describe('match winner override (real PostgreSQL + Redis)', () => {
  const stack = integrationStack({ admin: true });

  it('refuses 7.41x beating 12.80x without override (nothing changes), takes it with override and audits it', async () => {
    const created = await stack.admin.json('POST', '/api/admin/tournaments', {
      name: 'Override Cup',
      size: 4,
      slots: [
        { name: 'High', multiplier: '12.80' },
        { name: 'Low', multiplier: '7.41' },
        { name: 'Third', multiplier: '3.00' },
        { name: 'Fourth' },
      ],
    });
    expect(created.status).toBe(201);
    const t = created.body.data as { id: number; matches: TournamentMatch[] };
    const match = (round: number, n: number) => t.matches.find((m) => m.round === round && m.match_number === n)!;
    const winner = (m: TournamentMatch, body: object) =>
      stack.admin.json('POST', `/api/admin/tournaments/${t.id}/matches/${m.id}/winner`, body);

    const refused = await winner(match(1, 1), { winner_name: 'Low' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.winner_name).toEqual([
      'Low scored 7.41x against 12.80x: confirm the override to make the lower multiplier the winner.',
    ]);
    const [still] = await stack.em
      .fork()
      .execute<{ winner_name: string | null }[]>('select winner_name from tournament_matches where id = ?', [match(1, 1).id]);
    expect(still!.winner_name).toBeNull();

    // The higher multiplier needs nothing; a missing multiplier contradicts nothing.
    expect((await winner(match(1, 2), { winner_name: 'Fourth' })).status).toBe(201);
    const overridden = await winner(match(1, 1), { winner_name: 'Low', override: true });
    expect(overridden.status).toBe(201);
    expect(overridden.body.message).toBe('Low advances.');
    const [audit] = await stack.em
      .fork()
      .execute<{ after: { override?: boolean; winner_name: string } }[]>(
        `select after from audit_logs where action = 'tournament.match.winner' and after->>'winner_name' = 'Low'`,
      );
    expect(audit!.after).toMatchObject({ winner_name: 'Low', override: true });
    expect((await winner(match(1, 1), { winner_name: 'Low', override: 'yes' })).status).toBe(422);
  });
});
