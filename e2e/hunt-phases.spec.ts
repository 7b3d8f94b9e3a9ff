import type { AdminHuntDetail, AdminHuntListItem } from '@kickback/contracts';
import { apiCalls } from './support/api-calls';
import { answerAgeGate, expect, test } from './support/fixtures';
import { signedIn } from './support/signed-in';

const CLOSED = 'Predictions are closed for this hunt: its bonuses are being opened.';

test('a hunt collects, opens with its first saved result, and a prediction after that is refused', async ({ browser }) => {
  const admin = await signedIn(browser, 'StreamBoss');
  const call = await apiCalls(admin.page);

  // The demo's running hunt is finished first: one hunt runs at a time.
  const running = (await call<AdminHuntListItem[]>('get', '/api/admin/bonus-hunts?page=1')).find((h) => h.status !== 'completed');
  if (running) {
    const detail = await call<AdminHuntDetail>('get', `/api/admin/bonus-hunts/${running.id}`);
    for (const game of detail.games.filter((g) => !g.opened)) {
      await call('put', `/api/admin/bonus-hunts/${running.id}/games/${game.id}`, { win: '40' });
    }
    await call('post', `/api/admin/bonus-hunts/${running.id}/status`, { status: 'completed' });
  }

  // A named hunt with three bonuses, predictions open.
  const hunt = await call<AdminHuntDetail>('post', '/api/admin/bonus-hunts', { name: 'Midweek Mega Hunt', starting_balance: '600' });
  const slots = await call<{ id: number; name: string }[]>('get', '/api/admin/hunt-catalogue/slots?search=');
  for (const slot of slots.slice(0, 3)) await call('post', `/api/admin/bonus-hunts/${hunt.id}/games`, { slot_id: slot.id, bet: '2' });
  await call('post', `/api/admin/bonus-hunts/${hunt.id}/predictions`, { active: true });

  // The member's page gets no pushes, so its form stays up the way it would for someone who submits in the same
  // moment the streamer saves the first result.
  const member = await signedIn(browser, 'LuckyLuke');
  await member.page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
  await member.page.route(/\/socket\.io\//, (route) => route.abort());
  await member.page.goto('/bonus-hunts');
  const phase = member.page.getByTestId('hunt-phase');
  await expect(phase.getByRole('heading', { name: 'Midweek Mega Hunt' })).toBeVisible();
  await expect(phase).toContainText('Collecting');
  await member.page.getByLabel('End Balance ($)').fill('555.55');
  await member.page.getByLabel('Highest Multiplier (x)').fill('120');
  await member.page.getByLabel('Highest Multiplier Game').fill(slots[0]!.name);
  await member.page.getByRole('button', { name: 'Submit Prediction' }).click();
  const toasts = member.page.getByRole('region', { name: 'Notifications' });
  await expect(toasts.getByText('Prediction submitted successfully!')).toBeVisible();
  await expect(member.page.getByRole('heading', { name: 'Update Your Prediction' })).toBeVisible();

  // Go live shows the phase; saving the first win there starts opening the hunt.
  await admin.page.goto('/admin-new/go-live');
  const livePhase = admin.page.getByTestId('go-live-hunt-phase');
  await expect(livePhase).toHaveText('Collecting');
  const firstWin = admin.page.getByRole('textbox', { name: `Win for ${slots[0]!.name}` });
  await firstWin.fill('250');
  await firstWin.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
  await expect(livePhase).toHaveText('Opening');

  // The member's update arrives after the result: refused with the server's words, the saved guess kept.
  await member.page.getByLabel('End Balance ($)').fill('9999');
  await member.page.getByRole('button', { name: 'Update Prediction' }).click();
  await expect(toasts.getByText(CLOSED)).toBeVisible();
  const saved = (await (await member.page.request.get('/api/r/bonus-hunts/current')).json()) as {
    data: { hunt: { status: string; predictions_active: boolean }; user_prediction: { end_balance: number } };
  };
  expect(saved.data.hunt).toMatchObject({ status: 'opening', predictions_active: false });
  expect(saved.data.user_prediction.end_balance).toBe(555.55);

  // Any visitor (one who answered the age gate) loading the page now sees the phase and no form.
  const viewerContext = await browser.newContext();
  await answerAgeGate(viewerContext);
  const viewer = await viewerContext.newPage();
  await viewer.goto('/bonus-hunts');
  await expect(viewer.getByTestId('hunt-phase')).toContainText('OpeningThe bonuses are being opened. Predictions are closed.');
  await expect(viewer.getByRole('heading', { name: /Your Prediction$/ })).toHaveCount(0);

  // A mistyped win is put back with one click on Go live: the bonus is unopened again everywhere.
  const secondWin = admin.page.getByRole('textbox', { name: `Win for ${slots[1]!.name}` });
  await secondWin.fill('7777');
  await secondWin.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
  const last = admin.page.getByTestId('go-live-last-change');
  await expect(last).toContainText(`Last change: ${slots[1]!.name} win $7,777.00 (was not opened).`);
  await last.getByRole('button', { name: 'Undo' }).click();
  await expect(
    admin.page.getByRole('region', { name: 'Notifications' }).getByText(`${slots[1]!.name}: win set back to not opened`),
  ).toBeVisible();
  await expect(last).toHaveCount(0);
  await expect(admin.page.getByRole('textbox', { name: `Win for ${slots[1]!.name}` })).toHaveValue('');
  const after = await call<AdminHuntDetail>('get', `/api/admin/bonus-hunts/${hunt.id}`);
  expect(after.games.find((g) => g.slot_name === slots[1]!.name)).toMatchObject({ slot_win: null, opened: false });
  expect(after.status).toBe('opening');

  await viewerContext.close();
  for (const signed of [admin, member]) await signed.context.close();
});
