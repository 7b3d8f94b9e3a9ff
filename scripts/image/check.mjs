#!/usr/bin/env node
// npm run image:check: builds the image as a streamer would run it and proves it works, without Docker or an image
// registry. Installs podman, runc and mmdebstrap when missing; builds the base (cached) and the project image; then,
// against this machine's PostgreSQL (a scratch database) and Redis (a redis-server of its own, else a scratch db
// index), on the host network, with a read-only root filesystem: migrate, seed, api and worker from the image, the pages and API a visitor and a member
// use, production mode's refusal of the local secrets, and a SIGTERM drain that loses no job. Removes everything it
// started (the images stay, as the next run's cache). Exit code 1 when any check fails.
//   npm run image:check [-- --committed]   (--committed: build HEAD, not the working tree)
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import IORedis from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { dropDatabase, ensureDatabase, findPostgres, findRedis, startPrivateRedis, withDatabase } from '../lib/services.mjs';
import { BASE_IMAGE, buildBase } from './build-base.mjs';
import { APP_IMAGE, buildApp } from './build-app.mjs';
import { Containers } from './containers.mjs';
import { HttpClient } from './http-client.mjs';
import {
  CONTENTS_SCRIPT,
  SIZE_BUDGET_MB,
  contentsProblems,
  healthcheckProblems,
  inspectImage,
  probeProblems,
  sizeProblems,
  userProblems,
} from './image-properties.mjs';
import { JobLedger } from './job-ledger.mjs';
import { ensureTools, podman, podmanEnv, podmanOut } from './podman.mjs';
import { freePort } from '../lib/free-port.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** docker-compose.yml's stop_grace_period and the worker's terminationGracePeriodSeconds. */
const GRACE_SECONDS = 30;
const API_CMD = ['node', 'dist/apps/api/src/main.js'];
const WORKER_CMD = ['node', 'dist/apps/worker/src/main.js'];
const MIGRATE_CMD = ['node', 'dist/libs/platform/src/database/cli/migrate.js'];
const SEED_CMD = ['node', 'dist/apps/worker/src/cli/seed.js'];

let failures = 0;
const check = (label, problems) => {
  console.log(`${problems.length ? 'FAIL' : 'ok  '} ${label}`);
  for (const p of problems) console.log(`       - ${p}`);
  if (problems.length) failures++;
  return problems.length === 0;
};
/** A check whose failure leaves nothing further to check (no image, no schema, no running api). */
const must = (label, problems) => {
  if (!check(label, problems)) throw new Error(`stopped after: ${label}`);
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** An empty Redis db index other than 0 (the development one), so FLUSHDB at the end touches only this run's keys. */
async function scratchRedis(baseUrl) {
  const url = new URL(baseUrl);
  for (let attempt = 0; attempt < 30; attempt++) {
    const index = 1 + Math.floor(Math.random() * 15);
    url.pathname = `/${index}`;
    const redis = new IORedis(url.toString(), { lazyConnect: true });
    await redis.connect();
    const size = await redis.dbsize();
    redis.disconnect();
    if (size === 0) return url.toString();
  }
  throw new Error('no empty Redis db index in 1–15');
}

async function query(url, sql, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const ok = (res) => res.ok;

/** What to undo, newest last; also run when the command is interrupted (CI's timeout, Ctrl-C). */
const cleanups = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse())
    await Promise.resolve(cleanup()).catch((err) => console.error(`cleanup: ${err.message}`));
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    console.error(`\n${signal}: removing what the check started…`);
    void cleanUp().finally(() => process.exit(1));
  });

async function main() {
  const timings = {};
  const env = podmanEnv(root);
  try {
    ensureTools();

    // ---- build ----
    let t = Date.now();
    await buildBase({ env });
    timings.base = Date.now() - t;
    t = Date.now();
    await buildApp(root, env, { committed: process.argv.includes('--committed') });
    timings.build = Date.now() - t;
    const info = inspectImage(env, APP_IMAGE);
    const sizeMb = info.Size / 1e6;

    // ---- image properties ----
    check(`image runs as a non-root user (${info.Config?.User})`, userProblems(info));
    check(`image size ${sizeMb.toFixed(0)} MB within the ${SIZE_BUDGET_MB} MB budget`, sizeProblems(info));
    check('HEALTHCHECK probes /healthz on HEALTHCHECK_PORT or PORT; both ports exposed', healthcheckProblems(info));
    check('k8s probes: api on PORT, worker on WORKER_HEALTH_PORT, /healthz and /readyz', probeProblems(info, root));

    const id = `kbcheck-${process.pid}`;
    const containers = new Containers(env, APP_IMAGE, id);
    cleanups.push(() => containers.removeAll());
    const contents = await containers.once('contents', ['sh', '-c', CONTENTS_SCRIPT], { readOnly: false });
    check('inside: uid ≠ 0, no compilers or test tools, code read-only to the app, uploads writable, sharp loads', [
      ...(contents.code === 0 ? [] : [`the probe exited ${contents.code}: ${contents.logs}`]),
      ...contentsProblems(contents.logs),
    ]);

    // ---- scratch services ----
    const children = [];
    cleanups.push(() => Promise.all(children.map((c) => c.stop())));
    const adminUrl = await findPostgres(root, children);
    const database = `kickback_image_${process.pid}`;
    await ensureDatabase(adminUrl, database);
    cleanups.push(() => dropDatabase(adminUrl, database));
    const databaseUrl = withDatabase(adminUrl, database);
    // A redis-server of its own when there is one to start: an empty DB on the shared server can be one a test run
    // beside this check has claimed and emptied between two of its files.
    const redisUrl = (await startPrivateRedis(children)) ?? (await scratchRedis(await findRedis(root, children)));
    cleanups.push(async () => {
      const redis = new IORedis(redisUrl);
      await redis.flushdb();
      redis.disconnect();
    });
    const volume = `${id}-uploads`;
    if ((await podman(env, ['volume', 'create', volume], { quiet: true })) !== 0) throw new Error('podman volume create failed');
    cleanups.push(() => podman(env, ['volume', 'rm', '--force', volume], { quiet: true }));
    const [port, workerPort, refusedPort] = [await freePort(), await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    console.log(`scratch: database ${database}, redis ${redisUrl}, api :${port}, worker health :${workerPort}`);

    // Development mode as docker-compose runs it (.env.example), pointed at the scratch services.
    const dev = {
      envFile: join(root, '.env.example'),
      vars: {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        PORT: String(port),
        APP_URL: base,
        WORKER_HEALTH_PORT: String(workerPort),
        HEALTHCHECK_PORT: String(port),
        UPLOAD_DIR: '/data/uploads',
        // Events reach the worker within the check's patience instead of the 5 s default poll.
        OUTBOX_POLL_MS: '200',
      },
    };
    const worker = { ...dev, volume, vars: { ...dev.vars, HEALTHCHECK_PORT: String(workerPort) } };
    const api = { ...dev, volume };

    // ---- migrate, seed ----
    const migrate = await containers.once('migrate', MIGRATE_CMD, dev);
    const [{ n: tables }] = await query(
      databaseUrl,
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    );
    must(`migrate container exits 0 and creates the schema (${tables} tables)`, [
      ...(migrate.code === 0 ? [] : [`exit ${migrate.code}: ${migrate.logs}`]),
      ...(tables > 10 ? [] : [`only ${tables} tables after migrating`]),
    ]);
    const seed = await containers.once('seed', SEED_CMD, dev);
    must('seed container exits 0 (demo users for the demo login)', seed.code === 0 ? [] : [`exit ${seed.code}: ${seed.logs}`]);

    // ---- production refuses the local defaults ----
    const production = { ...dev, vars: { ...dev.vars, NODE_ENV: 'production', PORT: String(refusedPort), WORKER_HEALTH_PORT: '0' } };
    for (const [role, cmd] of [
      ['prod-api', API_CMD],
      ['prod-worker', WORKER_CMD],
    ]) {
      const run = await containers.once(role, cmd, production);
      check(`production ${role.slice(5)} refuses to boot with .env.example's local defaults`, [
        ...(run.code !== 0 ? [] : ['exited 0']),
        ...(/SESSION_SECRET/.test(run.logs) && /AUTH_DEV_LOGIN/.test(run.logs)
          ? []
          : [`no refusal naming SESSION_SECRET and AUTH_DEV_LOGIN: ${run.logs}`]),
      ]);
    }

    // ---- api and worker ----
    t = Date.now();
    await containers.start('api', [], api);
    await containers.start('worker', WORKER_CMD, worker);
    const ready = {};
    await Promise.all([
      containers.waitFor('api', () => fetch(`${base}/readyz`).then(ok), 'ready api').then(() => (ready.api = Date.now() - t)),
      containers
        .waitFor('worker', () => fetch(`http://127.0.0.1:${workerPort}/readyz`).then(ok), 'ready worker')
        .then(() => (ready.worker = Date.now() - t)),
    ]);
    must(`api and worker ready (/readyz 200) in ${seconds(ready.api)} and ${seconds(ready.worker)}`, []);

    const uid = containers.exec('api', ['id', '-u']);
    check(`api process uid ${uid} (not root)`, uid && uid !== '0' ? [] : [`id -u answered ${uid}`]);
    // As the engine judges it: unhealthy only after the HEALTHCHECK's 3 retries fail (a busy CI machine can make
    // one node start outlast the 5 s timeout).
    const health = [];
    for (const role of ['api', 'worker']) {
      let healthy = false;
      for (let attempt = 0; attempt < 3 && !healthy; attempt++)
        healthy = (await podman(env, ['healthcheck', 'run', containers.name(role)], { quiet: true })) === 0;
      if (!healthy)
        health.push(`${role}: unhealthy ${podmanOut(env, ['inspect', containers.name(role), '--format', '{{json .State.Health}}'])}`);
    }
    check('HEALTHCHECK passes in the api and the worker container', health);

    const visitor = new HttpClient(base);
    const home = await visitor.request('GET', '/');
    const homeHtml = await home.text();
    check('home page: 200 with the SPA shell', home.status === 200 && homeHtml.includes('<div id="root">') ? [] : [`${home.status}`]);
    const raffles = await visitor.json('GET', '/api/r/raffles');
    check(
      `anonymous API read: GET /api/r/raffles (${raffles.body?.data?.length ?? 0} raffles)`,
      raffles.status === 200 && raffles.body?.success === true && raffles.body.data?.length > 0
        ? []
        : [`${raffles.status} ${JSON.stringify(raffles.body)}`],
    );

    // ---- a member: demo login, a support ticket with an image (sharp, the uploads volume, an outbox event) ----
    const member = new HttpClient(base);
    const { user, session } = await member.demoLogin('member');
    must(`demo login as ${user.username}`, session.user ? [] : ['the session has no member after the login']);
    const categories = await member.json('GET', '/api/r/tickets/categories');
    const categoryId = categories.body?.data?.[0]?.id;
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#e4572e' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('title', 'Image check ticket');
    form.set('description', 'Opened by npm run image:check.');
    form.set('category_id', String(categoryId));
    form.append('images', new Blob([png], { type: 'image/png' }), 'check.png');
    const created = await member.json('POST', '/api/r/tickets', { multipart: form });
    const ticketId = created.body?.data?.id;
    must(
      'member action: POST /api/r/tickets with an image',
      created.status === 200 && ticketId ? [] : [`${created.status} ${JSON.stringify(created.body)}`],
    );
    const ticket = await member.json('GET', `/api/r/tickets/${ticketId}`);
    const imageUrl = JSON.stringify(ticket.body).match(/\/api\/r\/tickets\/images\/[\w.-]+/)?.[0];
    const image = imageUrl ? await member.request('GET', imageUrl) : null;
    const mountpoint = podmanOut(env, ['volume', 'inspect', volume, '--format', '{{.Mountpoint}}']);
    const stored = mountpoint ? readdirSync(mountpoint, { recursive: true }).filter((f) => /\.\w+$/.test(String(f))) : [];
    check(
      `the ticket image is served (${image?.headers.get('content-type')}) and stored in the uploads volume (${stored.length} file(s))`,
      [
        ...(image?.status === 200 ? [] : [`GET ${imageUrl ?? '(no image url in the ticket)'} answered ${image?.status}`]),
        ...(stored.length > 0 ? [] : ['nothing written to the uploads volume']),
      ],
    );

    const ledger = new JobLedger(databaseUrl, redisUrl, ['ticket.created', 'ticket.replied']);
    await containers.waitFor('worker', () => ledger.allDone(), 'job for the ticket event', 60_000);
    check('the worker relayed and completed the ticket event', []);

    // ---- graceful stop with work in flight ----
    const replies = [];
    for (let i = 0; i < 5; i++) {
      const reply = new FormData();
      reply.set('message', `Follow-up ${i + 1} from the image check.`);
      replies.push(member.json('POST', `/api/r/tickets/${ticketId}/reply`, { multipart: reply }));
    }
    const replied = await Promise.all(replies);
    check(
      'member replies accepted just before SIGTERM',
      replied.filter((r) => r.status !== 200).map((r) => `${r.status} ${JSON.stringify(r.body)}`),
    );
    const stopped = await containers.stop(['api', 'worker'], GRACE_SECONDS);
    check(
      `SIGTERM: api and worker exit 0 within the ${GRACE_SECONDS} s grace period`,
      stopped
        .filter((s) => s.exitCode !== 0 || s.oomKilled)
        .map((s) => `${s.role} exit ${s.exitCode}${s.exitCode === 137 ? ' (killed after the grace period)' : ''}`),
    );
    const after = await ledger.lostAfterStop();
    check(`no job lost in the stop (${after.events.map((e) => e.state).join(', ')})`, after.problems);
    // A new worker finishes what the stopped one left queued or unrelayed.
    await containers.remove('worker');
    await containers.start('worker', WORKER_CMD, worker);
    // Ready first: node as PID 1 has no SIGTERM handler until the app installed its own, so a stop during boot
    // would wait out the grace period.
    await containers.waitFor('worker', () => fetch(`http://127.0.0.1:${workerPort}/readyz`).then(ok), 'ready restarted worker');
    await containers.waitFor('worker', () => ledger.allDone(), 'completion of every ticket event', 60_000);
    const restarted = await containers.stop(['worker'], GRACE_SECONDS);
    check(
      'a restarted worker completes every event; it stops with exit 0 too',
      restarted.filter((s) => s.exitCode !== 0).map((s) => `${s.role} exit ${s.exitCode}: ${s.logs.slice(-2000)}`),
    );

    console.log(
      `\nimage ${APP_IMAGE}: ${sizeMb.toFixed(0)} MB (budget ${SIZE_BUDGET_MB} MB), base ${BASE_IMAGE}` +
        `\nbase ${seconds(timings.base)}, project image ${seconds(timings.build)}; ready: api ${seconds(ready.api)}, worker ${seconds(ready.worker)}`,
    );
  } finally {
    await cleanUp();
  }
}

let crashed = false;
try {
  await main();
} catch (err) {
  crashed = true;
  console.error(`\n${err instanceof Error ? err.message : err}`);
}
console.log(crashed || failures ? `\nimage check FAILED (${failures} check(s))` : '\nall image checks passed');
process.exit(crashed || failures ? 1 : 0);
