import type { AppConfig } from '@kickback/platform';
import { ClientLanes } from './client-lanes';

const config = { env: { CLIENT_LANES: 2 } } as AppConfig;
const lanesOf = (lanes: ClientLanes) => (lanes as unknown as { lanes: Map<string, unknown> }).lanes;

describe('ClientLanes', () => {
  it('keeps a client only while it has requests: every client of a night leaves no entry once its requests end', () => {
    const lanes = new ClientLanes(config);
    const started: string[] = [];
    for (let i = 0; i < 300; i++) {
      const client = `s:${i}`;
      for (let n = 0; n < 4; n++) lanes.enter(client, () => started.push(client));
    }
    // Two lanes each at once; the other two requests of each client wait their turn.
    expect(started).toHaveLength(600);
    expect(lanesOf(lanes).size).toBe(300);
    for (let i = 0; i < 300; i++) for (let n = 0; n < 4; n++) lanes.release(`s:${i}`);
    expect(started).toHaveLength(1_200);
    expect(lanesOf(lanes).size).toBe(0);
  });

  it('frees the entry of a client whose waiting request went away before its turn', () => {
    const lanes = new ClientLanes(config);
    const start = () => undefined;
    lanes.enter('s:a', () => undefined);
    lanes.enter('s:a', () => undefined);
    lanes.enter('s:a', start);
    lanes.abandon('s:a', start);
    lanes.release('s:a');
    lanes.release('s:a');
    expect(lanesOf(lanes).size).toBe(0);
  });
});
