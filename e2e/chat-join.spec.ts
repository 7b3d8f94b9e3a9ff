import type { ActivityRules } from '@kickback/contracts';
import { kickUser } from '../libs/testing/src/fakes/fake-kick-events';
import { fakeKick } from './support/fake-kick';
import { serveFakeKick } from './support/serve-fake-kick';
import { expect, test } from './support/fixtures';
import { signedIn, signedInApi } from './support/signed-in';

const kick = fakeKick();
/** StreamBoss (the channel) and SpinQueen in the demo seed. */
const STREAMBOSS = 70_001;
const SPINQUEEN = 70_004;

test.describe('chat-first giveaway: entering the raffle on stream from Kick chat', () => {
  serveFakeKick(kick);

  test("the admin picks the keyword; a linked member types it in chat and enters the featured raffle, shown live on the raffle's page", async ({
    browser,
    page,
  }) => {
    const api = await signedInApi(browser, 'StreamBoss');
    const seeded = await api.call<ActivityRules>('get', '/api/admin/activity/rules');
    const raffle = await api.call<{ id: number }>('post', '/api/admin/raffles', {
      title: 'Chat giveaway',
      prize_description: 'A $20 gift card',
      start_datetime: new Date(Date.now() - 60_000).toISOString(),
      end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
      number_of_winners: 1,
    });
    await api.call('put', '/api/admin/featured/raffle', { id: raffle.id });

    const { context, page: admin } = await signedIn(browser, 'StreamBoss');
    await admin.goto('/admin-new/activity');
    await admin.getByLabel('Kick broadcaster user id').fill(String(STREAMBOSS));
    await admin.getByLabel('Chat keyword to enter the raffle on stream').fill('!ticket');
    await expect(admin.getByText('Viewers type it after "!" in chat, as in !ticket. Letters and digits.')).toBeVisible();
    const commands = admin.getByRole('checkbox', { name: /Answer !points and !raffle in Kick chat/ });
    if (!(await commands.isChecked())) await commands.check();
    await admin.getByRole('button', { name: 'Save rules' }).click();
    await expect(admin.getByText('Earning rules saved.')).toBeVisible();
    await expect(commands).toHaveAccessibleName(/type !ticket in the raffle on stream/);
    await context.close();

    await page.goto(`/raffles/${raffle.id}`);
    await expect(page.getByText('No entries yet')).toBeVisible();
    const say = (content: string) =>
      kick.events.deliver('chat.message.sent', {
        broadcaster: kickUser(STREAMBOSS, 'streamboss'),
        sender: kickUser(SPINQUEEN, 'spinqueen'),
        content,
        created_at: new Date().toISOString(),
      });
    // The default word is plain chat once another is chosen: its delivery queues no command for the worker (the
    // delivery list says "…, command queued" for one that does).
    expect(await say('!join')).toBe(200);
    const [joinDelivery] = (await api.call<{ deliveries: { result: string }[] }>('get', '/api/admin/activity')).deliveries;
    expect(joinDelivery!.result).not.toContain('command');
    expect(await say('!Ticket')).toBe(200);
    const [ticketDelivery] = (await api.call<{ deliveries: { result: string }[] }>('get', '/api/admin/activity')).deliveries;
    expect(ticketDelivery!.result).toContain('command queued');
    await expect(page.getByTestId('raffle-total-entries')).toHaveText('1');
    await expect(page.getByTestId('raffle-entries-list').getByText('spinqueen')).toBeVisible();

    // Later specs on this server start with no raffle chosen for the stream (the newest open one is on stream).
    await api.call('post', `/api/admin/raffles/${raffle.id}/cancel`);
    await api.call('put', '/api/admin/activity/rules', {
      broadcaster_user_id: seeded.broadcaster_user_id,
      chat_commands_enabled: seeded.chat_commands_enabled,
      join_keyword: seeded.join_keyword,
    });
    await api.context.close();
  });
});
