import { closeSync, mkdtempSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heapByKind, perSocket, type HeapGroup } from './heap-snapshot-summary';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a heap snapshot file has been written to its end (V8 closes the JSON with "]}"). */
function complete(file: string): boolean {
  const size = statSync(file).size;
  if (size < 2) return false;
  const fd = openSync(file, 'r');
  const tail = Buffer.alloc(2);
  readSync(fd, tail, 0, 2, size - 2);
  closeSync(fd);
  return tail.toString() === ']}';
}

/**
 * Heap snapshots of one server process at chosen socket counts: the process runs with the node flags `args` and writes
 * a snapshot on SIGWINCH (`--heapsnapshot-signal`; not SIGUSR2, on which Nest's shutdown hooks end the api); `take`
 * waits until the file is whole. A snapshot forces a full collection and costs the process memory of its own (and, at
 * 20,000 sockets, minutes in which its clients time out), so the memory and push readings of such a run are not figures.
 * The files stay in `dir` for a closer look (Chrome DevTools' Memory tab opens them).
 */
export class HeapSnapshots {
  readonly dir = mkdtempSync(join(tmpdir(), 'kb-heap-'));
  readonly args = ['--heapsnapshot-signal=SIGWINCH', `--diagnostic-dir=${this.dir}`];
  private readonly taken: { sockets: number; file: string }[] = [];

  constructor(private readonly at: number[]) {}

  wants(sockets: number): boolean {
    return this.at.includes(sockets);
  }

  async take(pid: number, sockets: number): Promise<void> {
    const known = new Set(readdirSync(this.dir));
    process.kill(pid, 'SIGWINCH');
    for (;;) {
      await sleep(1000);
      // Throws once the process is gone (a snapshot it died writing is never whole).
      process.kill(pid, 0);
      const file = readdirSync(this.dir).find((f) => !known.has(f) && f.endsWith('.heapsnapshot'));
      if (file && complete(join(this.dir, file))) {
        this.taken.push({ sockets, file: join(this.dir, file) });
        return;
      }
    }
  }

  /** Bytes and objects each socket added between the first and the last snapshot, by kind (null with fewer than two). */
  async perSocket(): Promise<{ sockets: [number, number]; kinds: { kind: string; count: number; bytes: number }[] } | null> {
    if (this.taken.length < 2) return null;
    const first = this.taken[0]!;
    const last = this.taken[this.taken.length - 1]!;
    const [before, after]: Map<string, HeapGroup>[] = [await heapByKind(first.file), await heapByKind(last.file)];
    return { sockets: [first.sockets, last.sockets], kinds: perSocket(before, after, last.sockets - first.sockets) };
  }
}
