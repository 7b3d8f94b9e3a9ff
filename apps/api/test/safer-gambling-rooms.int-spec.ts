import { SAFETY_MESSAGES, type RoomJoinAnswer } from '@kickback/contracts';
import { integrationStack, type TestClient } from '@kickback/testing';
import type { Socket } from 'socket.io-client';

const GAMBLING = ['hunts', 'hunt:1', 'tournament:1', 'leaderboard', 'races', 'race:1'];

/**
 * The live rooms of gambling content follow the same rule as the pages and the API (docs/responsible-gambling.md): a
 * viewer who answered the age question "No" and a member on a break are not let in; the rest of the site's rooms are.
 */
describe('gambling rooms over the socket', () => {
  const stack = integrationStack({ admin: true, worker: true });
  const join = async (socket: Socket, room: string) => (await socket.timeout(5_000).emitWithAck('room:join', room)) as RoomJoinAnswer;
  const joined = async (socket: Socket) =>
    Object.fromEntries(await Promise.all(GAMBLING.map(async (r) => [r, (await join(socket, r)).joined])));
  const all = (value: boolean) => Object.fromEntries(GAMBLING.map((r) => [r, value]));

  it('a viewer who answered "Yes", or has not answered yet, joins them', async () => {
    expect(await joined(await stack.socket(stack.api.client()))).toEqual(all(true));
    expect(await joined(await stack.socket(stack.api.client().forgetAgeAnswer()))).toEqual(all(true));
  });

  it('a viewer who answered "No" is refused them with the reason, and keeps the other rooms', async () => {
    const viewer: TestClient = stack.api.client().forgetAgeAnswer();
    await viewer.refreshCsrf();
    expect((await viewer.json('POST', '/api/r/safety/age', { answer: 'no' })).status).toBe(200);
    const socket = await stack.socket(viewer);
    expect(await joined(socket)).toEqual(all(false));
    expect(await join(socket, 'hunts')).toMatchObject({ joined: false, message: SAFETY_MESSAGES.offersHidden });
    expect(await join(socket, 'site')).toMatchObject({ joined: true });
    expect(await join(socket, 'raffle:1')).toMatchObject({ joined: true });
  });

  it('a member on a break is refused them until it ends; an admin running the stream is not held back', async () => {
    const member = await stack.member();
    const open = await stack.socket(member.client);
    const closed = new Promise((resolve) => open.once('disconnect', resolve));
    expect((await member.client.json('POST', '/api/r/safety/break', { period: 'until_asked', confirm: true })).status).toBe(201);
    // The break closes the member's open sockets (the next test); the page's socket after that is this one.
    await closed;
    const socket = await stack.socket(member.client);
    expect(await joined(socket)).toEqual(all(false));
    expect(await join(socket, 'tournament:7')).toMatchObject({ joined: false, message: SAFETY_MESSAGES.onBreak });
    expect(await join(socket, 'store')).toMatchObject({ joined: true });

    expect((await stack.admin.json('POST', '/api/admin/safety/breaks/end', { username: member.username })).status).toBe(200);
    expect(await joined(socket)).toEqual(all(true));
    expect(await joined(await stack.socket(stack.admin))).toEqual(all(true));
  });

  it("a break started in one tab closes the gambling rooms of the member's other open tabs, and no one else's", async () => {
    const member = await stack.member();
    const bystander = await stack.member();
    const [otherTab, bystanderTab] = [await stack.socket(member.client), await stack.socket(bystander.client)];
    expect(await joined(otherTab)).toEqual(all(true));
    expect(await joined(bystanderTab)).toEqual(all(true));
    const closed = new Promise<string>((resolve) => otherTab.once('disconnect', resolve));

    expect((await member.client.json('POST', '/api/r/safety/break', { period: '24h', confirm: true })).status).toBe(201);
    // Closed by the server (the worker's handler of the break's event), so the page's socket comes back as a member on a break.
    expect(await closed).toBe('io server disconnect');
    expect(await joined(await stack.socket(member.client))).toEqual(all(false));
    expect(bystanderTab.connected).toBe(true);
    expect(await join(bystanderTab, 'hunts')).toMatchObject({ joined: true });
  });
});
