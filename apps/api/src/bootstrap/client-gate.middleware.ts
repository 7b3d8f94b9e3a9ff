import type { NextFunction, Request, Response } from 'express';
import { MALFORMED_INPUT_LOCAL, TOO_MANY_REQUESTS } from '@kickback/platform';
import type { ClientKeys } from '../security/client-key';
import type { ClientLanes } from '../security/client-lanes';
import { MALFORMED, type RefusalPenalties } from '../security/refusal-penalties';

/**
 * Answers that refuse what a client sent, and what each counts for; 401, 403 and 404 are what a visitor meets on
 * ordinary pages, 422 and 429 what a page can meet now and then, the rest what no page of the site sends.
 */
const REFUSALS = new Map<number, 1 | typeof MALFORMED>([
  [400, MALFORMED],
  [413, MALFORMED],
  [422, 1],
  [429, 1],
  [431, MALFORMED],
]);

/** The largest body a refused request's connection drains to be kept open (the default JSON body limit). */
const DRAINED_BODY_BYTES = 32 * 1024;

/**
 * The first middleware, before anything reads the request. A penalised client's request is held and answered 429
 * without its body being parsed, whether it arrives penalised or becomes so while it waits for a lane. Every other
 * request takes one of its client's lanes, waiting its turn when they are busy, and is watched for a refusing answer.
 */
export function clientGate(penalties: RefusalPenalties, lanes: ClientLanes, keys: ClientKeys) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const client = keys.of(req);
    const refuse = () => {
      if (res.destroyed) return;
      res.setHeader('Retry-After', String(Math.ceil(penalties.holdMs / 1000) || 1));
      // A small body is drained unparsed so the connection can serve the client's next request (a new connection per
      // held request costs both sides more); a large one is left unread and the connection closed after the answer.
      if (Number(req.headers['content-length'] ?? 0) <= DRAINED_BODY_BYTES && !req.headers['transfer-encoding']) req.resume();
      else res.setHeader('Connection', 'close');
      res.status(TOO_MANY_REQUESTS.status).json(TOO_MANY_REQUESTS.body);
    };
    const hold = () => penalties.hold(client, refuse, () => req.socket.destroy());
    if (penalties.penalised(client)) return hold();
    // An upload is costly to receive and check: one refused counts as a malformed request.
    const upload = req.headers['content-type']?.startsWith('multipart/') ?? false;
    let started = false;
    const start = () => {
      // A request that waited for a lane while its client's other requests were refused may find the client penalised
      // by now: it is held like any later one instead of being served in full.
      if (penalties.penalised(client)) {
        lanes.release(client, penalties.suspect(client));
        return hold();
      }
      started = true;
      res.once('finish', () => {
        const weight = REFUSALS.get(res.statusCode);
        if (weight) penalties.record(client, upload || res.locals[MALFORMED_INPUT_LOCAL] === true ? MALFORMED : weight);
      });
      next();
    };
    res.once('close', () => (started ? lanes.release(client, penalties.suspect(client)) : lanes.abandon(client, start)));
    if (lanes.enter(client, start, penalties.suspect(client))) return;
    // Too many of this client's requests already wait: a flood, refused at once and counted.
    penalties.record(client, MALFORMED);
    refuse();
  };
}
