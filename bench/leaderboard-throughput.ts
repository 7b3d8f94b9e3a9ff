// GET /api/r/leaderboard served from the Redis cache, against a bare NestJS route returning the same bytes,
// measured side by side in one run (alternating rounds, same load client process).
// Gate (issue #16): the real route, with the whole per-request stack an anonymous read pays (security headers,
// session skip, guards, logging, metrics), reaches at least 70% of the same bytes from an otherwise EMPTY NestJS
// application. Also reported: a bare route mounted in the same api application (what the leaderboard itself costs).
// Run: npm run bench leaderboard-throughput   (BENCH_LOG_LEVEL=info to pay for the access log as production does)
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { Controller, Get, Header, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { LeaderboardRefreshService } from '@kickback/domain';
import { startBenchStack, seedWagerers } from './leaderboard-support/bench-stack';
import { runBench } from './lib/run-bench';

const CONCURRENCY = 32;
const ROUND_SECONDS = 2;
const ROUNDS = 10;
const TARGET = 0.7;

let payload = '';

@Controller()
class BareController {
  @Get('bare')
  @Header('content-type', 'application/json; charset=utf-8')
  bare(): string {
    return payload;
  }
}

@Module({ controllers: [BareController] })
class BareModule {}

interface LoadResult {
  requests: number;
  errors: number;
  bytes: number;
  seconds: number;
}

function load(url: string, seconds: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(__dirname, 'leaderboard-support', 'load-client.js'), url, String(CONCURRENCY), String(seconds)],
      (err, stdout) => {
        if (err) reject(err);
        else resolve(JSON.parse(stdout) as LoadResult);
      },
    );
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const stack = await startBenchStack([BareController]);
  const bare = await NestFactory.create<NestExpressApplication>(BareModule, { logger: false });
  try {
    const refresher = stack.app.get(LeaderboardRefreshService);
    for (const slug of ['roobet', 'stake']) await refresher.refresh(await seedWagerers(stack.em, slug, 5000), 'manual');
    payload = await (await fetch(`${stack.url}/api/r/leaderboard`)).text();
    await bare.listen(0, '127.0.0.1');
    const targets = {
      leaderboard: `${stack.url}/api/r/leaderboard`,
      sameApp: `${stack.url}/bare`,
      emptyApp: `http://127.0.0.1:${(bare.getHttpServer().address() as { port: number }).port}/bare`,
    };
    for (const url of [targets.sameApp, targets.emptyApp]) {
      if ((await (await fetch(url)).text()) !== payload) throw new Error(`${url} does not return the same bytes`);
      await load(url, 1);
    }
    await load(targets.leaderboard, 1);
    const rps = { leaderboard: [] as number[], sameApp: [] as number[], emptyApp: [] as number[] };
    const ratios = { sameApp: [] as number[], emptyApp: [] as number[] };
    let errors = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const r: Record<string, number> = {};
      // The order flips every round so a slow phase of a busy machine does not always hit the same target.
      const order = round % 2 ? (['sameApp', 'leaderboard', 'emptyApp'] as const) : (['leaderboard', 'sameApp', 'emptyApp'] as const);
      for (const key of order) {
        const result = await load(targets[key], ROUND_SECONDS);
        errors += result.errors;
        r[key] = result.requests / result.seconds;
        rps[key].push(r[key]!);
      }
      ratios.sameApp.push(r.leaderboard! / r.sameApp!);
      ratios.emptyApp.push(r.leaderboard! / r.emptyApp!);
      console.log(
        `  round ${round}: leaderboard ${r.leaderboard!.toFixed(0)} req/s, bare route same app ${r.sameApp!.toFixed(0)} req/s, bare route empty app ${r.emptyApp!.toFixed(0)} req/s`,
      );
    }
    const ratio = median(ratios.emptyApp);
    const total = (list: number[]) => list.reduce((a, b) => a + b, 0);
    console.log(
      `leaderboard throughput, ${payload.length} bytes per answer, ${CONCURRENCY} keep-alive connections, ${ROUNDS} rounds x ${ROUND_SECONDS} s, medians:`,
    );
    console.log(`  GET /api/r/leaderboard (Redis cache):          ${median(rps.leaderboard).toFixed(0)} req/s`);
    console.log(
      `  bare NestJS route, same api app:               ${median(rps.sameApp).toFixed(0)} req/s  -> ratio ${(median(ratios.sameApp) * 100).toFixed(1)}% (not gated)`,
    );
    console.log(
      `  bare NestJS route, empty app (no middleware):  ${median(rps.emptyApp).toFixed(0)} req/s  -> ratio ${(ratio * 100).toFixed(1)}% (gate >= ${TARGET * 100}%)`,
    );
    console.log(
      `  ratio of totals, empty app: ${((total(rps.leaderboard) / total(rps.emptyApp)) * 100).toFixed(1)}%; gate uses the median of the per-round ratios`,
    );
    console.log(`  errors ${errors}`);
    if (ratio < TARGET || errors > 0) {
      console.error('FAIL');
      process.exitCode = 1;
    } else console.log('PASS');
  } finally {
    await bare.close();
    await stack.close();
  }
}

runBench(main);
