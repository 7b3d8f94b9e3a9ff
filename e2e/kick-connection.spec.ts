import { kickUser } from '../libs/testing/src/fakes/fake-kick-events';
import { DEMO_SITE } from './support/demo-data';
import { fakeKick } from './support/fake-kick';
import { serveFakeKick } from './support/serve-fake-kick';
import { expect, test } from './support/fixtures';
import { signedIn, signedInApi } from './support/signed-in';

const kick = fakeKick();
/** StreamBoss's Kick id in the demo seed, and the seeded broadcaster. */
const STREAMBOSS = 70_001;

test.describe('admin: the streamer connects the Kick channel', () => {
  serveFakeKick(kick);
  test.beforeAll(() => {
    kick.nextUser = { user_id: STREAMBOSS, name: 'streamboss', email: 'boss@example.com', profile_picture: 'https://files.kick.com/b.png' };
    kick.events.channels.push({ broadcaster_user_id: STREAMBOSS, slug: 'streamboss' });
  });

  test('logs in with Kick through PKCE, bot replies reach chat with that account, the channel resolves, disconnect revokes', async ({
    browser,
  }) => {
    const admin = await signedInApi(browser, 'StreamBoss');
    const seeded = await admin.call<{ broadcaster_user_id: number; chat_commands_enabled: boolean }>('get', '/api/admin/activity/rules');
    await admin.call('put', '/api/admin/activity/rules', { broadcaster_user_id: STREAMBOSS, chat_commands_enabled: true });

    const { context, page } = await signedIn(browser, 'StreamBoss');
    await page.goto('/admin-new/kick-connection');
    await expect(page.getByTestId('chat-replies')).toContainText('off — No Kick account is connected');

    await page.getByRole('link', { name: 'Connect with Kick' }).click();
    await expect(page.getByText('Kick account connected.')).toBeVisible();
    await expect(page.getByText(/Connected as/)).toContainText('Connected as streamboss (Kick id 70001)');
    await expect(page.getByTestId('chat-replies')).toHaveText('Bot replies in chat: on');
    const exchange = kick.tokenRequests.find((t) => t.grant_type === 'authorization_code')!;
    expect(exchange.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);

    const say = (content: string) =>
      kick.events.deliver('chat.message.sent', {
        broadcaster: kickUser(STREAMBOSS, 'streamboss'),
        sender: kickUser(880_001, 'chatter'),
        content,
      });
    expect(await say('!raffle')).toBe(200);
    await expect.poll(() => kick.events.chatMessages.length).toBe(1);
    expect(kick.events.chatMessages[0]).toEqual(expect.objectContaining({ type: 'user', broadcaster_user_id: STREAMBOSS }));

    await page.getByLabel('Channel slug').fill('StreamBoss');
    await page.getByRole('button', { name: 'Save by slug' }).click();
    await expect(page.getByText(/^Player:/)).toContainText('Player: streamboss (Kick broadcaster 70001)');
    await expect(page.getByRole('alert')).toHaveCount(0);

    const tokens = kick.issued.at(-1)!;
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByRole('link', { name: 'Connect with Kick' })).toBeVisible();
    // The page can show the disconnected state from a read that landed after the row was deleted and before the
    // revokes that follow it reached Kick (a loaded host): the revokes are waited for, not assumed.
    await expect.poll(() => kick.revoked).toEqual(expect.arrayContaining([tokens.access_token, tokens.refresh_token]));
    await context.close();

    // Later specs see the seeded channel again (the home page's player, the activity rules).
    kick.events.channels.push({ broadcaster_user_id: seeded.broadcaster_user_id, slug: DEMO_SITE.kickChannelSlug });
    await admin.call('put', '/api/admin/kick-connection/channel', { slug: DEMO_SITE.kickChannelSlug });
    await admin.call('put', '/api/admin/activity/rules', {
      broadcaster_user_id: seeded.broadcaster_user_id,
      chat_commands_enabled: seeded.chat_commands_enabled,
    });
    await admin.context.close();
  });
});
