import type { IssuedOverlayToken } from '@kickback/contracts';
import { apiCalls } from './support/api-calls';
import { expect, test } from './support/fixtures';
import { signedIn } from './support/signed-in';

test('with two open raffles, the one put on stream is shown on the overlay and drawn from Go live', async ({ browser }) => {
  const admin = await signedIn(browser, 'StreamBoss');
  const call = await apiCalls(admin.page);
  const raffle = (title: string) =>
    call<{ id: number }>('post', '/api/admin/raffles', {
      title,
      description: 'Two giveaways at once',
      prize_description: title.replace(' giveaway', ''),
      start_datetime: new Date(Date.now() - 60_000).toISOString(),
      end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
      number_of_winners: 1,
    });
  const chosen = await raffle('Gaming chair giveaway');
  const newest = await raffle('Headset giveaway');

  // Without a choice the newest open raffle is on stream.
  const { url } = await call<IssuedOverlayToken>('post', '/api/admin/overlays/raffle/token');
  const overlayContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const overlay = await overlayContext.newPage();
  await overlay.goto(new URL(url).pathname + new URL(url).search);
  const panel = overlay.getByTestId('raffle-overlay');
  await expect(panel).toContainText('Headset giveaway');

  // One click on Go live puts the other raffle on stream; the overlay switches by itself.
  await admin.page.goto('/admin-new/go-live');
  const title = admin.page.getByTestId('go-live-raffle-title');
  await expect(title).toHaveText('Headset giveaway');
  await admin.page.getByRole('button', { name: 'Show Gaming chair giveaway on stream' }).click();
  await expect(title).toHaveText('Gaming chair giveaway');
  await expect(panel).toContainText('Gaming chair giveaway');

  // A member enters the chosen raffle; Go live counts the entry and draws that raffle, not the newest.
  const member = await signedIn(browser, 'LuckyLuke');
  const memberCall = await apiCalls(member.page);
  await memberCall('post', `/api/r/raffles/${chosen.id}/enter`, { entry_type: 'passwordless' });
  await expect(admin.page.getByTestId('go-live-raffle-entries')).toHaveText('1');
  await expect(overlay.getByTestId('raffle-count')).toHaveText('1');
  await admin.page.getByRole('button', { name: 'Draw winners now' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Draw the winners of Gaming chair giveaway now?' });
  await expect(dialog).toContainText('Gaming chair giveaway ends now and its winner is drawn from 1 entry');
  await dialog.getByRole('button', { name: 'Draw' }).click();
  await expect(
    admin.page.getByRole('region', { name: 'Notifications' }).getByText('1 winner drawn for Gaming chair giveaway.'),
  ).toBeVisible();
  await expect(overlay.getByTestId('raffle-winners').getByRole('listitem')).toHaveCount(1);
  await expect(overlay.getByTestId('raffle-winners')).toContainText('luckyluke');

  // The other raffle is untouched; the drawn one stays on stream with its winner until the streamer moves on.
  const other = await call<{ is_accepting_entries: boolean; winners: unknown[] }>('get', `/api/r/raffles/${newest.id}`);
  expect(other).toMatchObject({ is_accepting_entries: true, winners: [] });
  await expect(title).toHaveText('Gaming chair giveaway');
  await expect(admin.page.getByTestId('go-live-raffle-winners')).toContainText('luckyluke');
  await admin.page.getByRole('button', { name: 'Show Headset giveaway on stream' }).click();
  await expect(title).toHaveText('Headset giveaway');
  await expect(panel).toContainText('Headset giveaway');
  // Cancelled, the chosen raffle leaves the stream: the tests after this one see the newest raffle they start.
  await call('post', `/api/admin/raffles/${newest.id}/cancel`);
  await expect(title).not.toHaveText('Headset giveaway');

  await overlayContext.close();
  for (const signed of [admin, member]) await signed.context.close();
});

test('with two active tournaments, the one put on stream from Go live is the bracket on the overlay', async ({ browser }) => {
  const admin = await signedIn(browser, 'StreamBoss');
  const call = await apiCalls(admin.page);
  const cup = (name: string) =>
    call<{ id: number }>('post', '/api/admin/tournaments', {
      name,
      size: 4,
      slots: ['Mental', 'Wanted', 'Sugar Rush', 'Gates of Olympus'].map((slot) => ({ name: `${slot} (${name})` })),
    });
  const stamp = Date.now().toString(36);
  const chosen = await cup(`Friday Cup ${stamp}`);
  const newest = await cup(`Saturday Cup ${stamp}`);

  const { url } = await call<IssuedOverlayToken>('post', '/api/admin/overlays/tournament/token');
  const overlayContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const overlay = await overlayContext.newPage();
  await overlay.goto(new URL(url).pathname + new URL(url).search);
  const bracket = overlay.getByTestId('tournament-overlay');
  await expect(bracket).toContainText(`Saturday Cup ${stamp}`);

  await admin.page.goto('/admin-new/go-live');
  const name = admin.page.getByTestId('go-live-tournament-name');
  await expect(name).toHaveText(`Saturday Cup ${stamp}`);
  await admin.page.getByRole('button', { name: `Show Friday Cup ${stamp} on stream` }).click();
  await expect(name).toHaveText(`Friday Cup ${stamp}`);
  await expect(bracket).toContainText(`Friday Cup ${stamp}`);
  // Go live's match buttons act on the bracket on stream.
  await expect(admin.page.getByRole('button', { name: `Mental (Friday Cup ${stamp}) wins` })).toBeVisible();

  // Both go again: the overlay test after this one reads the newest active tournament.
  for (const id of [chosen.id, newest.id]) {
    const res = await admin.page.request.put(`/api/admin/tournaments/${id}`, {
      headers: {
        'x-csrf-token': ((await (await admin.page.request.get('/api/r/session')).json()) as { data: { csrfToken: string } }).data.csrfToken,
      },
      data: { is_active: false },
    });
    expect(res.ok()).toBe(true);
  }
  await overlayContext.close();
  await admin.context.close();
});
