import type { Socket } from 'socket.io';

const CLIENT = Symbol('connection-client');
type Tagged = { [CLIENT]?: string };

/** Keeps on an accepted Engine.IO connection the client it was admitted as (ClientKeys), read from its request. */
export function keepConnectionClient(connection: object, client: string): void {
  (connection as Tagged)[CLIENT] = client;
}

/**
 * The client a socket's connection was admitted as (its signed session, else its address), for counting its refused
 * messages after its request is gone.
 */
export function connectionClient(socket: Socket): string | undefined {
  return (socket.conn as unknown as Tagged)[CLIENT];
}
