import { DEFAULT_OVERLAY_SETTINGS, type OverlaySettings, type Raffle, type ServerToClientEvents } from '@kickback/contracts';
import type { OverlayLive } from '../overlay-socket';
import type { OverlayLookState } from '../overlay-look';
import { mountRaffleOverlay } from './raffle-overlay';

// The QR encoder is ESM-only, which this jest setup does not load; no winner is revealed here, so it is never drawn.
jest.mock('../../lib/qr-svg', () => ({ qrSvg: () => document.createElement('span') }));

const raffle = {
  id: 7,
  title: 'Chair raffle',
  prize_description: 'A gaming chair',
  total_entries: 3,
  has_ended: false,
  winners: [],
} as unknown as Raffle;

/** A live connection that lets the test push events. */
function fakeLive() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const live: OverlayLive = {
    join: () => undefined,
    leave: () => undefined,
    on: (event, handler) => void handlers.set(event, handler as (payload: unknown) => void),
    onReconnect: () => undefined,
  };
  const push = <E extends keyof ServerToClientEvents>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]) =>
    handlers.get(event)!(payload);
  return { live, push };
}

const mount = (settings: OverlaySettings) => {
  const stage = document.createElement('div');
  const look: OverlayLookState = { settings: () => settings, onChange: () => undefined };
  const { live, push } = fakeLive();
  mountRaffleOverlay(
    { stage, live, token: 't', look },
    { kind: 'raffle', raffle, entries: [], verify_url: 'https://kickback.example/raffles/7', join_command: '!join' },
  );
  const howToEnter = () => stage.querySelector<HTMLElement>('[data-testid="raffle-how-to-enter"]')!;
  return { push, howToEnter };
};

describe('raffle overlay: how to enter', () => {
  it('follows the chat keyword the admin saves while the overlay is open, and hides the chat part when commands go off', () => {
    const { push, howToEnter } = mount(DEFAULT_OVERLAY_SETTINGS.raffle);
    expect(howToEnter().textContent).toBe('Type !join in chat or enter at kickback.example/raffles/7');

    push('overlay:join-command', { join_command: '!enter' });
    expect(howToEnter().textContent).toBe('Type !enter in chat or enter at kickback.example/raffles/7');

    push('overlay:join-command', { join_command: null });
    expect(howToEnter().textContent).toBe('Enter at kickback.example/raffles/7');
    expect(howToEnter().hidden).toBe(false);
  });

  it("keeps the admin's own line, which replaces the default whatever the keyword", () => {
    const { push, howToEnter } = mount({ ...DEFAULT_OVERLAY_SETTINGS.raffle, how_to_enter: 'Say hi in chat' });
    push('overlay:join-command', { join_command: '!enter' });
    expect(howToEnter().textContent).toBe('Say hi in chat');
  });
});
