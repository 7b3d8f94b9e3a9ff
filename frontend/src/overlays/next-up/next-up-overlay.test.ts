import { DEFAULT_OVERLAY_SETTINGS, type ServerToClientEvents, type SlotRequestEntry } from '@kickback/contracts';
import type { OverlayLive } from '../overlay-socket';
import type { OverlayLookState } from '../overlay-look';
import { mountNextUpOverlay } from './next-up-overlay';

/** The reconnect's read, answered when the test says so. */
let answerRead: (data: unknown) => void = () => undefined;
jest.mock('../overlay-socket', () => ({
  refetchOverlayData: () => new Promise((resolve) => (answerRead = resolve)),
}));

const entry = (id: number, place: number, name: string, requesters: string[], count = requesters.length): SlotRequestEntry => ({
  id,
  place,
  slot: { id, name, provider: 'Pragmatic Play', image_url: null },
  requesters,
  requesters_count: count,
  created_at: '2026-11-29T10:00:00Z',
});

function mount(next: SlotRequestEntry[], total: number) {
  const handlers = new Map<string, (payload: unknown) => void>();
  const joined: string[] = [];
  let reconnected = () => undefined as void;
  const live: OverlayLive = {
    join: (room) => void joined.push(room),
    leave: () => undefined,
    on: (event, handler) => void handlers.set(event, handler as (payload: unknown) => void),
    onReconnect: (handler) => void (reconnected = handler),
  };
  const stage = document.createElement('div');
  const look: OverlayLookState = { settings: () => DEFAULT_OVERLAY_SETTINGS['next-up'], onChange: () => undefined };
  mountNextUpOverlay({ stage, live, token: 't', look }, { kind: 'next-up', next, total });
  // The overlay shows the queue, not the rules a push also carries.
  const push = (queue: Omit<Parameters<ServerToClientEvents['slot-requests:changed']>[0], 'open' | 'price'>) =>
    handlers.get('slot-requests:changed')!({ ...queue, open: true, price: 0 });
  const part = (li: Element, name: string) => li.querySelector(`.ov-next-up__${name}`)!.textContent;
  const rows = () =>
    [...stage.querySelectorAll('li')].map((li) => ['place', 'name', 'provider', 'requesters'].map((name) => part(li, name)));
  return { stage, joined, push, rows, reconnect: () => reconnected() };
}

describe('next-up overlay', () => {
  it("shows the queue's head with who asked, and each push as it comes", () => {
    const { stage, joined, push, rows } = mount([entry(1, 1, 'Wanted', ['ann', 'bob'])], 1);
    expect(joined).toEqual(['slot-requests']);
    expect(stage.querySelector('[data-testid="next-up-total"]')!.textContent).toBe('1 in queue');
    expect(rows()[0]).toEqual(['1', 'Wanted', 'Pragmatic Play', 'ann, bob']);

    const names = ['a', 'b', 'c', 'd', 'e'];
    push({
      total: 5,
      next: [entry(2, 1, 'Gates', names), entry(3, 2, 'Sugar', ['dan']), entry(4, 3, 'Dog', ['eve'])],
      at: '2026-11-29T10:00:02Z',
    });
    expect(rows().map((r) => r[1])).toEqual(['Gates', 'Sugar', 'Dog']);
    // Three names, the rest counted.
    expect(rows()[0]!.at(-1)).toBe('a, b, c +2');
    expect(stage.querySelector('[data-testid="next-up-total"]')!.textContent).toBe('5 in queue');

    push({ total: 0, next: [], at: '2026-11-29T10:00:03Z' });
    expect(stage.querySelector('[data-testid="next-up-empty"]')!.textContent).toBe('No slot requested yet.');
  });

  it('reads the head again after a reconnect, unless a push overtook that read', async () => {
    const { push, rows, reconnect } = mount([entry(1, 1, 'Wanted', ['ann'])], 1);
    reconnect();
    answerRead({ kind: 'next-up', next: [entry(2, 1, 'Gates', ['bob'])], total: 1 });
    await Promise.resolve();
    await Promise.resolve();
    expect(rows().map((r) => r[1])).toEqual(['Gates']);

    reconnect();
    push({ total: 1, next: [entry(3, 1, 'Sugar', ['cat'])], at: '2026-11-29T10:00:05Z' });
    answerRead({ kind: 'next-up', next: [entry(2, 1, 'Gates', ['bob'])], total: 1 });
    await Promise.resolve();
    await Promise.resolve();
    expect(rows().map((r) => r[1])).toEqual(['Sugar']);
  });
});
