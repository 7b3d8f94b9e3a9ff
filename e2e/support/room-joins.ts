import { expect, type Page } from '@playwright/test';

const JOINED = /"room:joined",\{"room":"([^"]+)"\}/;

/**
 * The rooms the server told the page's socket it joined, read from the socket's frames. A page reads its data first
 * and joins the rooms that follow it after, so a test that makes a change for a push to show waits for the join:
 * a change made between the read and the join shows only with the next push. Watch before the page loads.
 */
export function watchRoomJoins(page: Page): { joined(room: string): Promise<void> } {
  const rooms = new Set<string>();
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      const room = typeof frame.payload === 'string' ? JOINED.exec(frame.payload)?.[1] : undefined;
      if (room) rooms.add(room);
    }),
  );
  return { joined: (room) => expect.poll(() => rooms.has(room), { message: `the page joined ${room}` }).toBe(true) };
}
