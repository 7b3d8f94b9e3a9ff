import { IoAdapter } from '@nestjs/platform-socket.io';
import { Logger, type INestApplicationContext } from '@nestjs/common';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type Redis from 'ioredis';
import type { Observable } from 'rxjs';
import { createAdapter } from '@socket.io/redis-adapter';
import type { RequestHandler } from 'express';
import type { IncomingMessage } from 'node:http';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { TOO_MANY_REQUESTS, lossyPublish, type RedisConnections } from '@kickback/platform';
import type { ClientKeys } from '../security/client-key';
import { MALFORMED, type RefusalPenalties } from '../security/refusal-penalties';
import type { AddressSocketCap } from './address-socket-cap';
import { keepConnectionClient } from './connection-client';
import { listenForMessages, type Ack } from './message-listeners';

/** The largest message a client may send (the JSON body limit of most HTTP routes). */
export const SOCKET_MESSAGE_LIMIT_BYTES = 32 * 1024;
const TOO_MANY_SOCKETS = 'Too many connections from this address.';
/** How an Engine.IO connection ends when its client sent a frame over the size limit or one that does not parse. */
const MALFORMED_CLOSE = new Set(['transport error', 'parse error']);

/**
 * Once Socket.IO's middlewares (the gateway's handshake: session, member, role) have run, the connection lets go of its
 * request: its headers, cookies, session and parser state would otherwise stay for as long as the socket is open.
 * Engine.IO itself still holds the upgrade request until the TCP connection closes (its WebSocketResponse relays the
 * socket's "close"), so the member's session read from it is cleared from it too.
 */
function forgetRequest(connection: EngineConnection): void {
  const request = connection.request as (IncomingMessage & { session?: unknown }) | null;
  connection.request = null;
  if (request?.session) request.session = undefined;
}

/** The parts of an Engine.IO connection read here. */
interface EngineConnection {
  request: IncomingMessage | null;
  once(event: 'close', fn: (reason: string) => void): void;
}

/**
 * Socket.IO with the Redis adapter (broadcasts reach every api replica) and the HTTP session
 * middleware on the handshake, so sockets know their user. Origins other than the app's are
 * refused to stop cross-site WebSocket hijacking; clients without an Origin (servers, tests)
 * are not browsers and carry no ambient cookie risk. Sockets are capped per client (SOCKETS_PER_ADDRESS per address
 * for visitors without a session, per session otherwise; per replica), so one address cannot hold thousands.
 *
 * Per socket it keeps only what the socket needs (docs/performance.md "socket-scale"): the connection's client key, not
 * its HTTP request, which is dropped once the gateway's handshake has read the member from it; and one plain listener
 * per message for the gateways' handlers, not Nest's rxjs pipelines.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly logger = new Logger(RedisIoAdapter.name);

  constructor(
    app: INestApplicationContext,
    private readonly connections: RedisConnections,
    private readonly session: RequestHandler,
    private readonly allowedOrigins: string[],
    private readonly channel: string,
    private readonly penalties: RefusalPenalties,
    private readonly keys: ClientKeys,
    private readonly perAddress: AddressSocketCap,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...options,
      // Stream-scale settings (docs/performance/history.md "Sockets at stream scale"): no per-message compression (a zlib
      // context per socket costs memory and every push's CPU; pushes are small), and the client script is bundled by
      // the site, not served from here.
      perMessageDeflate: false,
      serveClient: false,
      // A message over the HTTP body limit closes the connection from its frame header, before a byte is parsed: the
      // page's messages are well under 1 KB, and parsing a 1 MB message cost more than the answer to it.
      maxHttpBufferSize: SOCKET_MESSAGE_LIMIT_BYTES,
      cors: undefined,
      allowRequest: (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => {
        const origin = req.headers.origin;
        if (origin && !this.allowedOrigins.includes(origin)) return callback(null, false);
        // A client whose messages keep being refused (see RealtimeGateway) reconnects no faster than the hold.
        const client = this.keys.of(req);
        const admit = () => {
          if (this.perAddress.take(req, client)) return callback(null, true);
          callback(TOO_MANY_SOCKETS, false);
        };
        if (!this.penalties.penalised(client)) return admit();
        const refuse = () => callback(TOO_MANY_REQUESTS.body.message, false);
        this.penalties.hold(client, refuse, refuse);
      },
    });
    server.engine.on('connection', (connection: EngineConnection) => this.admitted(connection));
    server.engine.on('connection_error', (err: { req: IncomingMessage }) => this.perAddress.release(err.req));
    // The adapter's publish to the other replicas must not reject either (lossyPublish); this replica's sockets
    // already have the push.
    const publisher = this.connections.create('io-pub');
    publisher.publish = lossyPublish(
      publisher,
      this.logger,
      'realtime push to other replicas lost (Redis unavailable)',
    ) as Redis['publish'];
    server.adapter(createAdapter(publisher, this.connections.create('io-sub'), { key: this.channel }));
    server.engine.use(this.session);
    server.on('connection', (socket: Socket) => forgetRequest(socket.conn as unknown as EngineConnection));
    return server;
  }

  override bindMessageHandlers(
    socket: Socket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    listenForMessages(socket, handlers, transform, (payload) => this.mapPayload(payload) as { data?: unknown; ack?: Ack }, this.logger);
  }

  /**
   * An accepted connection holds its handshake's place under the per-client cap (given back when it closes) and is
   * counted as a refusal of its client when it ends over a malformed or oversized frame, which the transport closes
   * before any handler runs.
   */
  private admitted(connection: EngineConnection): void {
    const client = this.perAddress.claim(connection.request!);
    if (client === undefined) return;
    keepConnectionClient(connection, client);
    connection.once('close', (reason) => {
      this.perAddress.giveBack(client);
      if (MALFORMED_CLOSE.has(reason)) this.penalties.record(client, MALFORMED);
    });
  }
}
