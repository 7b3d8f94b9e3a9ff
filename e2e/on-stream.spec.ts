import type { IssuedOverlayToken } from '@kickback/contracts';
import { apiCalls } from './support/api-calls';
import { expect, test } from './support/fixtures';
import { signedIn } from './support/signed-in';

test('a raffle started from a template and drawn on Go live: the open raffle overlay and Go live never disagree', async ({ browser }) => {
  const admin = await signedIn(browser, 'StreamBoss');
  const call = await apiCalls(admin.page);
  const stamp = Date.now().toString(36);
  const template = `Gift card night ${stamp}`;
  await call('post', '/api/admin/raffle-templates', {
    name: template,
    settings: { prize_description: 'A $50 gift card', prize_value_usd: 50, number_of_winners: 1, duration_minutes: 30 },
  });
  // A first giveaway, put on stream, entered and drawn: the start from the template below comes after a draw on stream.
  const warmUp = await call<{ id: number }>('post', '/api/admin/raffles', {
    title: `Warm-up ${stamp}`,
    start_datetime: new Date(Date.now() - 60_000).toISOString(),
    end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
    number_of_winners: 1,
  });
  await call('put', '/api/admin/featured/raffle', { id: warmUp.id });

  const { url } = await call<IssuedOverlayToken>('post', '/api/admin/overlays/raffle/token');
  const overlayContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const overlay = await overlayContext.newPage();
  // Every raffle the overlay loads, in order: it must only ever load what Go live shows.
  const loaded: number[] = [];
  overlay.on('response', async (res) => {
    if (!new URL(res.url()).pathname.startsWith('/overlay/raffle')) return;
    const match = /"raffle":\{"id":(\d+)/.exec(await res.text().catch(() => ''));
    if (match) loaded.push(Number(match[1]));
  });
  await overlay.goto(new URL(url).pathname + new URL(url).search);
  const panel = overlay.getByTestId('raffle-overlay');

  await admin.page.goto('/admin-new/go-live');
  const title = admin.page.getByTestId('go-live-raffle-title');
  const agree = async (raffleTitle: string) => {
    await expect(title).toHaveText(raffleTitle);
    await expect(panel).toContainText(raffleTitle);
  };
  await agree(`Warm-up ${stamp}`);

  const member = await signedIn(browser, 'LuckyLuke');
  const memberCall = await apiCalls(member.page);
  const drawOnGoLive = async (raffleTitle: string) => {
    await admin.page.getByRole('button', { name: 'Draw winners now' }).click();
    await admin.page
      .getByRole('dialog', { name: `Draw the winners of ${raffleTitle} now?` })
      .getByRole('button', { name: 'Draw' })
      .click();
    // Drawn on stream, it stays there: Go live lists the winner, the overlay reveals the same one.
    await expect(admin.page.getByTestId('go-live-raffle-winners')).toContainText('luckyluke');
    await expect(overlay.getByTestId('raffle-winners')).toContainText('luckyluke');
    await agree(raffleTitle);
    await expect(admin.page.getByRole('button', { name: 'Draw winners now' })).toHaveCount(0);
  };
  await memberCall('post', `/api/r/raffles/${warmUp.id}/enter`, { entry_type: 'passwordless' });
  await expect(admin.page.getByTestId('go-live-raffle-entries')).toHaveText('1');
  await drawOnGoLive(`Warm-up ${stamp}`);

  // Start from the template on Go live: its summary says what the prize is worth, and the new raffle goes on stream on
  // Go live and the open overlay together, without anyone choosing it.
  const form = admin.page.getByRole('form', { name: 'Start a raffle from a template' });
  await form.getByLabel('Template').selectOption({ label: template });
  await expect(admin.page.getByTestId('go-live-template-summary')).toContainText('A $50 gift card (worth $50.00)');
  await form.getByLabel('Title').fill(`Gift card ${stamp}`);
  await form.getByRole('button', { name: 'Start raffle' }).click();
  await agree(`Gift card ${stamp}`);
  await expect(overlay.getByTestId('raffle-count')).toHaveText('0');

  const listed = await call<{ id: number; title: string }[]>('get', '/api/admin/raffles?page=1');
  const giftCard = listed.find((r) => r.title === `Gift card ${stamp}`)!;
  await memberCall('post', `/api/r/raffles/${giftCard.id}/enter`, { entry_type: 'passwordless' });
  await expect(admin.page.getByTestId('go-live-raffle-entries')).toHaveText('1');
  await expect(overlay.getByTestId('raffle-count')).toHaveText('1');
  await drawOnGoLive(`Gift card ${stamp}`);
  const drawn = await call<{ prize_value_usd: number; winners: unknown[] }>('get', `/api/admin/raffles/${giftCard.id}`);
  expect(drawn).toMatchObject({ prize_value_usd: 50, winners: [expect.anything()] });

  // The overlay loaded the warm-up, then the template's raffle (a reconnect may read the same one again): never a
  // raffle Go live was not showing.
  expect(loaded.filter((id, i) => id !== loaded[i - 1])).toEqual([warmUp.id, giftCard.id]);

  await overlayContext.close();
  for (const signed of [admin, member]) await signed.context.close();
});
