import { OutboxService } from './outbox.service';

describe('OutboxService.insertSql', () => {
  const outbox = new OutboxService();

  it('builds one event per source row, every payload field from its SQL expression', () => {
    const sql = outbox.insertSql(
      'raffle.entered',
      { raffleId: 'e.raffle_id', userId: 'e.user_id', entryId: 'e.id', entryType: 'e.entry_type', tickets: 'e.tickets', pointsSpent: '0' },
      'from e order by e.id',
    );
    expect(sql).toBe(
      "insert into outbox_events (type, payload) select 'raffle.entered', jsonb_build_object('raffleId', e.raffle_id, " +
        "'userId', e.user_id, 'entryId', e.id, 'entryType', e.entry_type, 'tickets', e.tickets, 'pointsSpent', 0) from e order by e.id",
    );
  });

  it('refuses a type or a field name that is not a plain identifier (they are written into the SQL)', () => {
    expect(() => outbox.insertSql("raffle.entered'; drop table x; --" as 'raffle.entered', {} as never, 'from e')).toThrow(
      /not an event type/,
    );
    expect(() => outbox.insertSql('raffle.drawn', { "raffleId', 1) --": 'x' } as never, 'from e')).toThrow(/not a payload field/);
  });
});
