import type { AdminHuntDetail, AdminHuntListItem, AdminRaffle, IssuedOverlayToken } from '@kickback/contracts';
import { expect, test } from './support/fixtures';
import { signedIn, signedInApi } from './support/signed-in';

test('a hunt started on Go live takes predictions at once, and its results reach the site and the overlay after completion', async ({
  browser,
}) => {
  const api = await signedInApi(browser, 'StreamBoss');
  // One hunt runs at a time: whatever runs on this server is finished first.
  const running = (await api.call<AdminHuntListItem[]>('get', '/api/admin/bonus-hunts?page=1')).find((h) => h.status !== 'completed');
  if (running) {
    const detail = await api.call<AdminHuntDetail>('get', `/api/admin/bonus-hunts/${running.id}`);
    for (const game of detail.games.filter((g) => !g.opened)) {
      await api.call('put', `/api/admin/bonus-hunts/${running.id}/games/${game.id}`, { win: '40' });
    }
    await api.call('post', `/api/admin/bonus-hunts/${running.id}/status`, { status: 'completed' });
  }
  // A raffle with an entry on stream, so "Draw winners now" is offered beside the hunt.
  const raffle = await api.call<AdminRaffle>('post', '/api/admin/raffles', {
    title: `Hunt night raffle ${Date.now().toString(36)}`,
    description: 'Drawn while the hunt runs',
    prize_description: 'Headset',
    start_datetime: new Date(Date.now() - 60_000).toISOString(),
    end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
    number_of_winners: 1,
  });
  const entrant = await signedInApi(browser, 'LuckyLuke');
  await entrant.call('post', `/api/r/raffles/${raffle.id}/enter`, { entry_type: 'passwordless' });
  await api.call('put', '/api/admin/featured/raffle', { id: raffle.id });

  // The streamer's screen: 1440×900.
  const admin = await signedIn(browser, 'StreamBoss');
  await admin.page.setViewportSize({ width: 1440, height: 900 });
  await admin.page.goto('/admin-new/go-live');
  const huntPanel = admin.page.getByRole('region', { name: 'Bonus Hunt' });
  const start = huntPanel.getByRole('form', { name: 'Start a new hunt' });
  await start.getByLabel('Name').fill('Results Night');
  await start.getByLabel('Starting balance ($)').fill('100');
  await start.getByRole('button', { name: 'Start hunt' }).click();
  const notifications = admin.page.getByRole('region', { name: 'Notifications' });
  await expect(notifications.getByText('Results Night started: collecting bonuses, predictions open')).toBeVisible();
  await expect(huntPanel.getByTestId('go-live-hunt-predictions')).toHaveText('open');

  // Two bonuses added from Go live: search the catalogue, type the bet, Add.
  const slots = await api.call<{ id: number; name: string }[]>('get', '/api/admin/hunt-catalogue/slots?search=');
  const [first, second] = [slots[0]!, slots[1]!];
  // A hunt without slots shows the slot search unfolded.
  await expect(huntPanel.getByText('No slots yet: add the bonuses below.')).toBeVisible();
  for (const slot of [first, second]) {
    await huntPanel.getByRole('searchbox', { name: 'Search slots' }).fill(slot.name);
    await huntPanel.getByRole('textbox', { name: 'Bet ($)' }).fill('10');
    await huntPanel
      .getByRole('list', { name: 'Matching slots' })
      .getByRole('button', { name: `Add ${slot.name}`, exact: true })
      .click();
    await expect(huntPanel.getByRole('textbox', { name: `Win for ${slot.name}` })).toBeVisible();
  }
  // With the hunt running, the raffle's draw is on screen without scrolling.
  await expect(admin.page.getByRole('button', { name: 'Draw winners now' })).toBeInViewport();

  // A viewer predicts at once, nothing opened by hand in Bonus Hunts.
  const member = await signedIn(browser, 'LuckyLuke');
  await member.page.goto('/bonus-hunts');
  await expect(member.page.getByTestId('hunt-phase').getByRole('heading', { name: 'Results Night' })).toBeVisible();
  await member.page.getByLabel('End Balance ($)').fill('260');
  await member.page.getByLabel('Highest Multiplier (x)').fill('20');
  await member.page.getByLabel('Highest Multiplier Game').fill(second.name);
  await member.page.getByRole('button', { name: 'Submit Prediction' }).click();
  await expect(member.page.getByRole('region', { name: 'Notifications' }).getByText('Prediction submitted successfully!')).toBeVisible();

  // Completing is refused on screen while a bonus is unopened, with the reason.
  const complete = huntPanel.getByRole('button', { name: 'Complete Results Night' });
  await expect(complete).toBeDisabled();
  await expect(huntPanel.getByTestId('go-live-complete-blocker')).toHaveText(
    'Enter the win of every slot before completing the hunt (2 unopened).',
  );
  for (const [slot, win] of [
    [first, '50'],
    [second, '200'],
  ] as const) {
    const field = huntPanel.getByRole('textbox', { name: `Win for ${slot.name}` });
    await field.fill(win);
    await field.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
    await expect(notifications.getByText(`${slot.name}: $${win}.00 win saved`)).toBeVisible();
  }
  await expect(huntPanel.getByTestId('go-live-complete-blocker')).toHaveCount(0);
  // $250 against a $100 start: break-even says so instead of 0.00x.
  await expect(huntPanel).toContainText('break-even In profit');
  await complete.click();
  await admin.page.getByRole('dialog', { name: 'Complete Results Night?' }).getByRole('button', { name: 'Complete hunt' }).click();
  await expect(notifications.getByText('Results Night completed; predictions are being scored')).toBeVisible();

  // The member's Current Hunt turns into the results: final balance, profit, best slot, the podium with points.
  const results = member.page.getByTestId('hunt-results');
  await expect(results.getByRole('heading', { name: 'Results Night: final results' })).toBeVisible();
  await expect(results.getByTestId('results-final-balance')).toHaveText('$250.00');
  await expect(results.getByTestId('results-profit')).toContainText('+$150.00');
  await expect(results.getByTestId('results-best-slot')).toContainText(`${second.name} 20.00x`);
  // Shown by the Kick name, as every standing is.
  const podium = results.getByTestId('results-podium').getByRole('listitem');
  await expect(podium).toHaveText([/^#1luckyluke\$260\.001,000 points$/]);

  // The hunt overlay, opened by OBS now, shows the same scene.
  const { url } = await api.call<IssuedOverlayToken>('post', '/api/admin/overlays/hunt/token');
  const obs = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const overlay = await obs.newPage();
  await overlay.goto(new URL(url).pathname + new URL(url).search);
  const board = overlay.getByTestId('hunt-overlay');
  await expect(board.getByTestId('hunt-final-balance')).toHaveText('$250.00');
  await expect(board.getByTestId('hunt-profit')).toHaveText('+$150.00');
  await expect(board.getByTestId('hunt-podium').getByRole('listitem')).toHaveText(['#1luckyluke$260.001,000 pts']);

  // The next hunt replaces the results everywhere; it keeps an unopened bonus for the tests after this one.
  const next = await api.call<AdminHuntDetail>('post', '/api/admin/bonus-hunts', { name: 'After Results', starting_balance: '300' });
  for (const slot of slots.slice(0, 2)) await api.call('post', `/api/admin/bonus-hunts/${next.id}/games`, { slot_id: slot.id, bet: '5' });
  await expect(board.getByTestId('hunt-final-balance')).toHaveCount(0);
  await expect(board).toContainText('After Results');
  await expect(member.page.getByTestId('hunt-results')).toHaveCount(0);
  await expect(member.page.getByTestId('hunt-phase').getByRole('heading', { name: 'After Results' })).toBeVisible();

  // The raffle it chose goes, so the files after this one on the same server find the newest open raffle on stream.
  await api.call('post', `/api/admin/raffles/${raffle.id}/cancel`);
  await obs.close();
  for (const context of [admin.context, member.context, api.context, entrant.context]) await context.close();
});
