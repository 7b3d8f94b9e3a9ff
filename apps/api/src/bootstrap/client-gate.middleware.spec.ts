import { EventEmitter } from 'node:events';
import type { NextFunction, Request, Response } from 'express';
import { MALFORMED_INPUT_LOCAL, type AppConfig } from '@kickback/platform';
import type { ClientKeys } from '../security/client-key';
import { RefusalPenalties } from '../security/refusal-penalties';
import { ClientLanes } from '../security/client-lanes';
import { clientGate } from './client-gate.middleware';

const LANES_PER_CLIENT = 4;
const config = { env: { ABUSE_REFUSALS_PER_MINUTE: 6, ABUSE_HOLD_MS: 1000, CLIENT_LANES: LANES_PER_CLIENT } } as AppConfig;
const keys = { of: () => 's:member' } as unknown as ClientKeys;

/** Sends one request through the middleware and finishes it with `status` when the route was reached. */
function request(middleware: ReturnType<typeof clientGate>, status: number, contentType?: string, malformed = false): boolean {
  const res = Object.assign(new EventEmitter(), {
    statusCode: status,
    locals: { [MALFORMED_INPUT_LOCAL]: malformed },
  }) as unknown as Response;
  let reached = false;
  middleware({ headers: contentType ? { 'content-type': contentType } : {} } as Request, res, (() => (reached = true)) as NextFunction);
  if (reached) res.emit('finish');
  res.emit('close');
  return reached;
}

describe('clientGate middleware', () => {
  let penalties: RefusalPenalties;
  beforeEach(() => {
    jest.useFakeTimers();
    penalties = new RefusalPenalties(config);
  });
  afterEach(() => {
    penalties.onModuleDestroy();
    jest.useRealTimers();
  });

  it('counts a 422 the filter marked malformed (unknown fields, an array past its bound) three times', () => {
    const middleware = clientGate(penalties, new ClientLanes(config), keys);
    request(middleware, 422, 'application/json', true);
    request(middleware, 422, 'application/json', true);
    expect(penalties.penalised('s:member')).toBe(false);
    request(middleware, 422, 'application/json');
    expect(penalties.penalised('s:member')).toBe(true);
  });

  it('counts a validation refusal once, a malformed request or a refused upload three times, and other answers not at all', () => {
    const middleware = clientGate(penalties, new ClientLanes(config), keys);
    for (const status of [200, 401, 403, 404]) expect(request(middleware, status)).toBe(true);
    expect(penalties.penalised('s:member')).toBe(false);
    request(middleware, 422, 'multipart/form-data; boundary=x');
    request(middleware, 413);
    expect(penalties.penalised('s:member')).toBe(false);
    request(middleware, 422, 'application/json');
    expect(penalties.penalised('s:member')).toBe(true);
    expect(request(middleware, 200)).toBe(false);
  });

  it('serves a few requests of a client at once and starts the next waiting one when one ends', () => {
    const gate = clientGate(penalties, new ClientLanes(config), keys);
    const responses = Array.from(
      { length: LANES_PER_CLIENT + 2 },
      () => Object.assign(new EventEmitter(), { statusCode: 200, locals: {} }) as unknown as Response,
    );
    const reached: number[] = [];
    responses.forEach((res, i) => gate({ headers: {} } as Request, res, (() => reached.push(i)) as NextFunction));
    expect(reached).toEqual([0, 1, 2, 3]);
    // The client gave up on the fifth before its turn: the sixth is next.
    responses[4]!.emit('close');
    responses[0]!.emit('finish');
    responses[0]!.emit('close');
    expect(reached).toEqual([0, 1, 2, 3, 5]);
  });

  it('serves a client refused a few times this minute one request at a time, its running requests finishing first', () => {
    const gate = clientGate(penalties, new ClientLanes(config), keys);
    const res = () => Object.assign(new EventEmitter(), { statusCode: 200, locals: {} }) as unknown as Response;
    const running = Array.from({ length: LANES_PER_CLIENT }, res);
    const reached: string[] = [];
    running.forEach((r, i) => gate({ headers: {} } as Request, r, (() => reached.push(`run${i}`)) as NextFunction));
    // Refused five times (SUSPECT_REFUSALS) while its four lanes are busy; still short of the hold.
    for (let i = 0; i < 5; i++) penalties.record('s:member');
    expect(penalties.penalised('s:member')).toBe(false);
    const waiting = Array.from({ length: 2 }, res);
    waiting.forEach((r, i) => gate({ headers: {} } as Request, r, (() => reached.push(`wait${i}`)) as NextFunction));
    // Three of the four running ones end: the lanes shrink to one, so nothing waiting starts yet.
    for (const r of running.slice(0, 3)) {
      r.emit('finish');
      r.emit('close');
    }
    expect(reached).toEqual(['run0', 'run1', 'run2', 'run3']);
    // The last one ends: the first waiting request takes the one lane, the second waits for it.
    running[3]!.emit('finish');
    running[3]!.emit('close');
    expect(reached).toEqual(['run0', 'run1', 'run2', 'run3', 'wait0']);
    waiting[0]!.emit('finish');
    waiting[0]!.emit('close');
    expect(reached).toEqual(['run0', 'run1', 'run2', 'run3', 'wait0', 'wait1']);
  });

  it('holds the requests that waited for a lane when their client was penalised meanwhile, instead of serving them', () => {
    const gate = clientGate(penalties, new ClientLanes(config), keys);
    const res = () =>
      Object.assign(new EventEmitter(), { statusCode: 422, locals: {}, destroyed: false, setHeader: jest.fn() }) as unknown as Response;
    const requests = Array.from({ length: LANES_PER_CLIENT + 3 }, res);
    const reached: number[] = [];
    const answered: number[] = [];
    requests.forEach((r, i) => {
      Object.assign(r, { status: () => ({ json: () => answered.push(i) }) });
      gate({ headers: {}, resume: jest.fn() } as unknown as Request, r, (() => reached.push(i)) as NextFunction);
    });
    expect(reached).toEqual([0, 1, 2, 3]);
    // The client is refused past its limit while three requests wait (ABUSE_REFUSALS_PER_MINUTE is 6 here).
    for (let i = 0; i < 7; i++) penalties.record('s:member');
    for (const r of requests.slice(0, LANES_PER_CLIENT)) {
      r.emit('finish');
      r.emit('close');
    }
    // None of the waiting ones reached the route: each is held and answered 429 after the hold.
    expect(reached).toEqual([0, 1, 2, 3]);
    expect(answered).toEqual([]);
    jest.advanceTimersByTime(1500);
    expect(answered.sort()).toEqual([4, 5, 6]);
  });
});
