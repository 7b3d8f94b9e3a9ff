import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PLATFORM_PACKAGE, othersCanReach, postgresUser } from './lib/local-postgres.cjs';

const ROOT = join(__dirname, '..');
const asRoot = process.getuid?.() === 0;
const { version } = JSON.parse(readFileSync(join(PLATFORM_PACKAGE, 'package.json'), 'utf8')) as { version: string };

/** postgresBinaries(packageDir) in a process of its own whose temporary directory is `tmp`: its answer, or its error. */
function binariesIn(tmp: string, packageDir: string): Promise<{ bin?: string; error?: string }> {
  const code = `
    try { console.log(JSON.stringify({ bin: require('./scripts/lib/local-postgres.cjs').postgresBinaries(${JSON.stringify(packageDir)}) })); }
    catch (err) { console.log(JSON.stringify({ error: err.message })); }`;
  const child = spawn(process.execPath, ['-e', code], { cwd: ROOT, env: { ...process.env, TMPDIR: tmp } });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', () => resolve(JSON.parse(out))));
}

const asPostgres = (path: string) => spawnSync(path, ['--version'], { ...postgresUser(), encoding: 'utf8' });

/** The embedded PostgreSQL's binaries, from a checkout in a folder only its owner may enter (mktemp -d, /root). */
describe('PostgreSQL binaries from a closed checkout', () => {
  let closed: string;
  let tmp: string;
  let packageInClosed: string;

  beforeEach(() => {
    closed = mkdtempSync(join(tmpdir(), 'kb-closed-'));
    chmodSync(closed, 0o700);
    packageInClosed = join(closed, 'package');
    symlinkSync(PLATFORM_PACKAGE, packageInClosed);
    tmp = mkdtempSync(join(tmpdir(), 'kb-tmp-'));
    chmodSync(tmp, 0o755); // as /tmp: others may enter
  });
  afterEach(() => {
    rmSync(closed, { recursive: true, force: true });
    rmSync(tmp, { recursive: true, force: true });
  });

  it('tells a folder others cannot enter', () => {
    expect(othersCanReach(join(packageInClosed, 'native', 'bin', 'initdb'))).toBe(false);
    expect(othersCanReach(join(tmp, 'anything'))).toBe(true);
  });

  it('gives binaries the user PostgreSQL runs as can start: one finished copy however many ask at once', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => binariesIn(tmp, packageInClosed)));
    const bins = new Set(answers.map((a) => a.bin));
    expect(bins.size).toBe(1);
    const [bin] = [...bins] as string[];
    expect(asPostgres(join(bin, 'initdb')).stdout).toMatch(/^initdb \(PostgreSQL\) \d+/);
    expect(asPostgres(join(bin, 'postgres')).stdout).toMatch(/^postgres \(PostgreSQL\) \d+/);
    if (asRoot) {
      // What the fault drill met before: the checkout's own copy, out of the postgres user's reach.
      expect(asPostgres(join(packageInClosed, 'native', 'bin', 'initdb')).error).toMatchObject({ code: 'EACCES' });
      const copy = `kickback-postgres-bin-${process.platform}-${process.arch}-${version}`;
      expect(bin).toBe(join(tmp, copy, 'bin'));
      expect(readdirSync(tmp)).toEqual([copy]); // the losers' half-made copies are gone
    } else {
      expect(bin).toBe(join(packageInClosed, 'native', 'bin'));
      expect(readdirSync(tmp)).toEqual([]);
    }
  });

  it('never runs binaries from a folder someone else could have written to', async () => {
    // Planted before us in the shared temporary directory, marker and all, writable by anyone.
    const planted = join(tmp, `kickback-postgres-bin-${process.platform}-${process.arch}-${version}`);
    mkdirSync(join(planted, 'bin'), { recursive: true });
    writeFileSync(join(planted, 'kickback-copy.json'), JSON.stringify({ version }));
    chmodSync(planted, 0o777);
    const answer = await binariesIn(tmp, packageInClosed);
    if (asRoot) expect(answer.error).toContain(`${planted} is not a folder of uid 0 that only its owner may write to`);
    else expect(answer.bin).toBe(join(packageInClosed, 'native', 'bin')); // not root: the checkout's own, always
    expect(existsSync(join(planted, 'bin', 'postgres'))).toBe(false);
  });

  it('gives a throwaway server a folder of its user that it can reach, even when TMPDIR is a closed folder', () => {
    const code = `console.log(require('./scripts/lib/local-postgres.cjs').throwawayFolder('kb-test-'))`;
    const run = spawnSync(process.execPath, ['-e', code], { cwd: ROOT, env: { ...process.env, TMPDIR: closed }, encoding: 'utf8' });
    const folder = run.stdout.trim();
    try {
      expect(statSync(folder).uid).toBe(postgresUser().uid ?? process.getuid!());
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(dirname(folder)).toBe(asRoot ? '/tmp' : closed); // not root: its own closed folder is fine
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
