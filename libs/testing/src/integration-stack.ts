import type { INestApplicationContext } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Socket } from 'socket.io-client';
import type { AppEnv } from '@kickback/platform';
import { EconomyService } from '@kickback/domain';
import type { WorkerOptions } from '../../../apps/worker/src/create-worker';
import { createTestStack, type RunningApi, type TestStack } from './test-stack';
import type { TestClient } from './test-client';
import { createUser, type UserFactoryInput } from './factories';
import { socketConnected, testSocket } from './test-socket';
import type { FakeKickServer } from './fakes/fake-kick.server';

export interface IntegrationStackOptions {
  /** Runs the worker beside the api; its options when a test drives part of it (the relay) by hand. */
  worker?: boolean | WorkerOptions;
  /** Logs an admin in before the tests, as `stack.admin`. */
  admin?: boolean;
  /** Settings beyond testEnv's, for every process of the stack; a function when they name something made in an earlier beforeAll. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** A fake Kick the stack starts and stops: the api calls it for OAuth and its API, and its events go to our webhook. */
  kick?: FakeKickServer;
  /** False for a worker-only file: no api is started, `stack.em` is the worker's. */
  api?: boolean;
}

export interface MemberOptions extends UserFactoryInput {
  /** Points granted through the economy before the tests use the member (one 'test.grant' ledger line). */
  points?: number;
  /** The Kick account id on the row (kick_user_id), as a member who connected Kick has it. */
  kickId?: number;
  /** False for a member who never logs in (a row the tests act on through services or Kick events). */
  signedIn?: boolean;
  /** Opens a Socket.IO connection with the member's session, as their open page has one. */
  socket?: boolean;
}

export interface Member {
  id: number;
  username: string;
  client: TestClient;
}

/** A member as asked for: a Kick id and a socket are there (not optional) when the options named them. */
export type MemberOf<O extends MemberOptions> = Member &
  (O extends { kickId: number } ? { kickId: number } : unknown) &
  (O extends { socket: true } ? { socket: Socket } : unknown);

export interface IntegrationStack {
  readonly env: AppEnv;
  readonly redis: TestStack['redis'];
  readonly databaseUrl: string;
  readonly api: RunningApi;
  readonly worker: INestApplicationContext;
  /** The api's EntityManager (the worker's in a worker-only file): fork it per unit of work. */
  readonly em: EntityManager;
  readonly admin: TestClient;
  /** Starts another api or worker on the same database and Redis (scale-out, crash and restart tests); closed with the stack. */
  readonly processes: Pick<TestStack, 'api' | 'worker'>;
  member<O extends MemberOptions = MemberOptions>(options?: O): Promise<MemberOf<O>>;
  /** A connected socket with `client`'s session (none: a visitor), closed with the stack. */
  socket(client?: TestClient | null, auth?: Record<string, unknown>): Promise<Socket>;
}

/**
 * One test file's running product: declare it at the top of a describe and it starts in beforeAll (database, Redis DB,
 * api, and the worker, fake Kick and admin when asked) and closes in afterAll. Its parts are read inside tests and hooks.
 * Jest runs a block's afterAll hooks in the order they were declared, so cleanup that needs the product still running
 * (sockets or database clients a file opened itself) is an afterAll declared above this call.
 */
export function integrationStack(options: IntegrationStackOptions = {}): IntegrationStack {
  let stack: TestStack | undefined;
  let api: RunningApi | undefined;
  let worker: INestApplicationContext | undefined;
  let admin: TestClient | undefined;
  const sockets: Socket[] = [];
  const started = <T>(part: T | undefined, name: string): T => {
    if (part === undefined) throw new Error(`integrationStack: no ${name} (not asked for, or read before beforeAll ran)`);
    return part;
  };

  beforeAll(async () => {
    const kick = options.kick;
    if (kick) await kick.start();
    const kickEnv: Record<string, string> = kick ? { KICK_API_URL: kick.url, KICK_AUTH_URL: kick.url } : {};
    const env = typeof options.env === 'function' ? options.env() : options.env;
    stack = await createTestStack({ ...kickEnv, ...env });
    if (options.api !== false) api = await stack.api();
    if (options.worker) worker = await stack.worker(options.worker === true ? undefined : options.worker);
    if (kick && api) kick.events.webhookUrl = `${api.url}/webhooks/kick`;
    if (options.admin) admin = await started(api, 'api').signedIn({ role: 'Admin' });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await stack?.close();
    await options.kick?.stop();
  });

  const self: IntegrationStack = {
    get env() {
      return started(stack, 'stack').env;
    },
    get redis() {
      return started(stack, 'stack').redis;
    },
    get databaseUrl() {
      return started(stack, 'stack').databaseUrl;
    },
    get api() {
      return started(api, 'api');
    },
    get worker() {
      return started(worker, 'worker');
    },
    get em() {
      return (api?.app ?? started(worker, 'api or worker')).get(EntityManager);
    },
    get admin() {
      return started(admin, 'admin');
    },
    get processes() {
      return started(stack, 'stack');
    },
    async member<O extends MemberOptions>(memberOptions: O = {} as O) {
      const { points, kickId, signedIn = true, socket, ...fields } = memberOptions;
      const user = await createUser(self.em, fields);
      if (kickId !== undefined) await self.em.fork().execute('update users set kick_user_id = ? where id = ?', [kickId, user.id]);
      if (points) {
        const economy = self.api.app.get(EconomyService);
        await self.em
          .fork()
          .transactional((tx) =>
            economy.credit(tx, { userId: user.id, amount: points, reason: 'test.grant', idempotencyKey: `grant-${user.id}` }),
          );
      }
      const client = self.api.client();
      if (signedIn) await client.loginAs(user.id);
      const member: Member & { kickId?: number; socket?: Socket } = { ...user, client };
      if (kickId !== undefined) member.kickId = kickId;
      if (socket) member.socket = await self.socket(client);
      return member as MemberOf<O>;
    },
    async socket(client, auth) {
      const socket = testSocket(self.api.url, client, auth);
      sockets.push(socket);
      return socketConnected(socket);
    },
  };
  return self;
}
