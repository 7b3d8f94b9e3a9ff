import type { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

/**
 * The client's publish, made to never reject. Socket.IO's emitter and its Redis adapter publish without awaiting:
 * while Redis is down each push would be an unhandled rejection, which ends a Node process. A lost push is not the
 * caller's failure (the next one carries the current state), so it is logged as `lost` and dropped.
 */
export function lossyPublish(client: Redis, logger: Logger, lost: string): (channel: string, message: string | Buffer) => Promise<number> {
  const publish = client.publish.bind(client);
  return (channel, message) =>
    publish(channel, message).catch((err: unknown) => {
      logger.warn({ err }, lost);
      return 0;
    });
}
