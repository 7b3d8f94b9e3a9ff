import type { RaffleEntryPush } from '@kickback/contracts';
import { pendingItem, pushedRowsOf } from './pending-push-rows';

const row = (id: number): RaffleEntryPush => [id, 100 + id, 1, 0, `user${id}`, 0, null, 0];

describe('pending push rows', () => {
  it('reads back the rows of a batch in their order', () => {
    const rows = [row(3), row(1), row(2)];
    expect(pushedRowsOf(pendingItem(rows))).toEqual(rows);
  });

  it('reads a lone row as the previous release wrote it', () => {
    expect(pushedRowsOf(JSON.stringify(row(7)))).toEqual([row(7)]);
  });

  it('reads an empty batch as no rows', () => {
    expect(pushedRowsOf(pendingItem([]))).toEqual([]);
  });
});
