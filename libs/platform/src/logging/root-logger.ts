import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { currentRequestContext } from './request-context';

export type LogLevel = Level | 'silent';

/**
 * The process's one pino logger. Every line written while a request is being handled carries that request's
 * `reqId` (the mixin runs only for lines actually written, so nothing is bound per request up front).
 */
export function createRootLogger(level: LogLevel, destination: DestinationStream = stdoutInBatches()): Logger {
  const options = {
    level,
    mixin: (line: object) => {
      if ('reqId' in line) return {};
      const context = currentRequestContext();
      return context ? { reqId: context.id } : {};
    },
  };
  return pino(options, destination);
}

/**
 * Lines go to stdout without a write per line: while one write is in flight the next lines queue and leave together,
 * so a burst costs a few writes and a quiet server still writes each line at once. pino flushes what is queued when
 * the process exits.
 */
function stdoutInBatches(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}
