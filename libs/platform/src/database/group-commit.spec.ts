import { GroupCommit } from './group-commit';

const turn = () => new Promise((r) => setImmediate(r));

describe('GroupCommit', () => {
  it('writes items submitted in one turn as one batch and a lone item alone', async () => {
    const batches: number[][] = [];
    const commit = new GroupCommit<number, string>({ write: async (batch) => (batches.push(batch), batch.map((n) => `#${n}`)) });
    expect(await Promise.all([1, 2, 3].map((n) => commit.submit(n)))).toEqual(['#1', '#2', '#3']);
    expect(await commit.submit(4)).toBe('#4');
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('keeps at most maxInFlight batches writing; what arrives meanwhile forms the next batch, capped at maxBatch', async () => {
    const release: (() => void)[] = [];
    const batches: number[][] = [];
    let writing = 0;
    let mostWriting = 0;
    const commit = new GroupCommit<number, number>({
      maxBatch: 3,
      maxInFlight: 2,
      write: async (batch) => {
        batches.push(batch);
        mostWriting = Math.max(mostWriting, ++writing);
        await new Promise<void>((r) => release.push(r));
        writing--;
        return batch;
      },
    });
    const first = commit.submit(1);
    await turn();
    const second = commit.submit(2);
    await turn();
    const rest = [3, 4, 5, 6, 7].map((n) => commit.submit(n));
    await turn();
    expect(batches).toEqual([[1], [2]]);
    while (release.length) {
      release.shift()!();
      await turn();
    }
    await Promise.all([first, second, ...rest]);
    expect(batches).toEqual([[1], [2], [3, 4, 5], [6, 7]]);
    expect(mostWriting).toBe(2);
  });

  it('retries a failed batch item by item, so only the item that fails is refused', async () => {
    const commit = new GroupCommit<number, number>({
      write: async (batch) => {
        if (batch.includes(2)) throw new Error('two cannot be written');
        return batch.map((n) => n * 10);
      },
    });
    const answers = await Promise.allSettled([1, 2, 3].map((n) => commit.submit(n)));
    expect(answers).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new Error('two cannot be written') },
      { status: 'fulfilled', value: 30 },
    ]);
  });

  it('lets take choose the batch and its order; what it leaves waits for the next batch', async () => {
    const batches: string[][] = [];
    const commit = new GroupCommit<{ key: string }, string>({
      take: (waiting) => waiting.filter((w) => w.key[0] === waiting[0]!.key[0]).sort((a, b) => a.key.localeCompare(b.key)),
      write: async (batch) => (batches.push(batch.map((b) => b.key)), batch.map((b) => b.key.toUpperCase())),
    });
    const keys = ['a2', 'b1', 'a1', 'b2'];
    expect(await Promise.all(keys.map((key) => commit.submit({ key })))).toEqual(['A2', 'B1', 'A1', 'B2']);
    expect(batches).toEqual([
      ['a1', 'a2'],
      ['b1', 'b2'],
    ]);
  });
});
