import { expect, test } from './support/fixtures';
import { signedIn } from './support/signed-in';

test('an admin enters a win; a member watching the Current Hunt sees the multiplier and tiles change without reload', async ({
  browser,
}) => {
  // The demo seed runs hunt with Mental ($10 bet) still unopened: start $2,500, winnings $1,667.75.
  const { page: member } = await signedIn(browser, 'LuckyLuke');
  await member.goto('/bonus-hunts');
  await expect(member.getByRole('heading', { level: 1, name: 'Bonus Hunt' })).toBeVisible();
  await expect(member.getByTestId('tile-winnings')).toContainText('$1,667.75');
  const mental = member.locator('[data-testid^="hunt-game-"]').filter({ hasText: 'Mental' });
  // Not opened yet: neutral, not a red $0.00 / 0.00x.
  await expect(mental.getByTestId('game-multiplier')).toHaveText('Not opened');
  await expect(mental.getByTestId('game-multiplier')).toHaveClass(/hunt-muted/);
  const loadedAt = await member.evaluate(() => performance.timeOrigin);

  const { page: admin } = await signedIn(browser, 'StreamBoss');
  await admin.goto('/admin-new/bonus-hunts');
  const win = admin.getByLabel('Win for Mental');
  await win.fill('250');
  await win.press('Enter');
  // Enter saves and moves straight to the next slot's win.
  await expect(admin.getByLabel('Win for Money Train 3')).toBeFocused();

  await expect(mental.getByTestId('game-multiplier')).toHaveText('25.00x');
  await expect(mental.getByTestId('game-multiplier')).toHaveClass(/hunt-positive/);
  await expect(member.getByTestId('tile-winnings')).toContainText('$1,917.75');
  // (2,500 − 1,917.75) / (20 + 20 + 25) unopened bets = 8.957… → 8.96x
  await expect(member.getByTestId('tile-break-even')).toContainText('8.96x');
  expect(await member.evaluate(() => performance.timeOrigin)).toBe(loadedAt);
});
