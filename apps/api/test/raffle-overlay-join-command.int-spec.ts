import type { JoinCommandPush } from '@kickback/contracts';
import { integrationStack, waitFor } from '@kickback/testing';
import { issueOverlayToken, overlayData } from './support/overlays';

/**
 * The raffle overlay's default "How to enter" names the chat keyword set in Activity: an open overlay is told when the
 * admin changes it, and Go live (moderators included) reads it from a route of its own.
 */
describe('the join keyword on stream (real PostgreSQL + Redis)', () => {
  const stack = integrationStack({ admin: true });

  const saveRules = async (rules: Record<string, unknown>) =>
    expect((await stack.admin.json('PUT', '/api/admin/activity/rules', rules)).status).toBe(200);

  it('pushes the new command to open raffle overlays when the keyword or chat commands change, and only then', async () => {
    const token = await issueOverlayToken(stack, 'raffle');
    const overlayCommand = async () => (await overlayData(stack, 'raffle', token)).join_command;
    await saveRules({ chat_commands_enabled: true });
    expect(await overlayCommand()).toBe('!join');

    const socket = await stack.socket(null, { overlay: 'raffle', token });
    const pushes: JoinCommandPush[] = [];
    socket.on('overlay:join-command', (push: JoinCommandPush) => pushes.push(push));

    await saveRules({ join_keyword: 'Enter' });
    await waitFor(() => pushes[0], 10_000, 'overlay:join-command push');
    expect(pushes).toEqual([{ join_command: '!enter' }]);
    expect(await overlayCommand()).toBe('!enter');

    // A rule the overlay does not show pushes nothing: the next push is the one for chat commands turned off.
    await saveRules({ chat_points: 7, join_keyword: 'enter' });
    await saveRules({ chat_commands_enabled: false });
    await waitFor(() => pushes[1], 10_000, 'overlay:join-command push after commands went off');
    expect(pushes).toEqual([{ join_command: '!enter' }, { join_command: null }]);
    expect(await overlayCommand()).toBeNull();
  });

  it("lets a moderator read the keyword for Go live, though the earning rules stay the admin's", async () => {
    await saveRules({ join_keyword: 'go', chat_commands_enabled: true });
    const moderator = await stack.api.signedIn({ role: 'moderator' });
    const read = await moderator.json('GET', '/api/admin/activity/join-keyword');
    expect(read.status).toBe(200);
    expect(read.body).toEqual(expect.objectContaining({ success: true, data: { join_keyword: 'go', chat_commands_enabled: true } }));
    expect((await moderator.json('GET', '/api/admin/activity/rules')).status).toBe(403);
    expect((await (await stack.api.signedIn()).json('GET', '/api/admin/activity/join-keyword')).status).toBe(403);
  });
});
