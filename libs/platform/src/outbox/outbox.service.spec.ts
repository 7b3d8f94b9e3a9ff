import { OutboxService } from './outbox.service';

describe('OutboxService.insertSql', () => {
  const outbox = new OutboxService();

  it('builds one event per source row, every payload field from its SQL expression', () => {
    const sql = outbox.insertSql(
      'raffle.drawn',
      { raffleId: 'w.raffle_id', winnerUserIds: 'w.user_ids', reroll: 'false', newWinnerUserIds: 'w.user_ids' },
      'from w order by w.raffle_id',
    );
    expect(sql).toBe(
      "insert into outbox_events (type, payload) select 'raffle.drawn', jsonb_build_object('raffleId', w.raffle_id, " +
        "'winnerUserIds', w.user_ids, 'reroll', false, 'newWinnerUserIds', w.user_ids) from w order by w.raffle_id",
    );
  });

  it('builds an array of objects from many rows with jsonb_agg, one event per group', () => {
    const sql = outbox.insertSql(
      'raffle.entries-added',
      {
        raffleId: 'e.raffle_id',
        entries: {
          each: { userId: 'e.user_id', entryId: 'e.id', entryType: 'e.entry_type', tickets: 'e.tickets', pointsSpent: '0' },
          orderBy: 'e.id',
        },
      },
      'from e group by e.raffle_id',
    );
    expect(sql).toBe(
      "insert into outbox_events (type, payload) select 'raffle.entries-added', jsonb_build_object('raffleId', e.raffle_id, " +
        "'entries', jsonb_agg(jsonb_build_object('userId', e.user_id, 'entryId', e.id, 'entryType', e.entry_type, " +
        "'tickets', e.tickets, 'pointsSpent', 0) order by e.id)) from e group by e.raffle_id",
    );
  });

  it('refuses a type or a field name that is not a plain identifier (they are written into the SQL)', () => {
    expect(() => outbox.insertSql("raffle.drawn'; drop table x; --" as 'raffle.drawn', {} as never, 'from e')).toThrow(/not an event type/);
    expect(() => outbox.insertSql('raffle.drawn', { "raffleId', 1) --": 'x' } as never, 'from e')).toThrow(/not a payload field/);
    expect(() =>
      outbox.insertSql(
        'raffle.entries-added',
        { raffleId: 'e.raffle_id', entries: { each: { "userId', 1) --": 'x' } as never, orderBy: 'e.id' } },
        'from e group by e.raffle_id',
      ),
    ).toThrow(/not a payload field/);
  });
});
