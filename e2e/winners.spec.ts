import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures';

test.describe('recent winners', () => {
  test('lists the seeded raffle winners, each leading to the raffle', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Recent Winners' }).first().click();
    await expect(page).toHaveURL('/winners');
    await expect(page.getByRole('heading', { level: 1, name: 'Recent Winners' })).toBeVisible();
    const list = page.getByTestId('recent-winners');
    const chairWins = list.getByRole('listitem').filter({ hasText: 'Gaming Chair Raffle' });
    await expect(chairWins).toHaveCount(3);
    await expect(chairWins.first()).toContainText('Gaming chair · $300.00');
    await chairWins.first().getByRole('link', { name: 'Gaming Chair Raffle' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gaming Chair Raffle' })).toBeVisible();
  });

  test('shows a winner of every source after the seed, and filters by source', async ({ page }) => {
    await page.goto('/winners');
    const list = page.getByTestId('recent-winners');
    for (const source of ['raffle', 'hunt', 'tournament', 'leaderboard'])
      await expect(list.locator(`li[data-source="${source}"]`).first()).toBeVisible();
    await page.getByRole('button', { name: 'Tournaments' }).click();
    await expect(page).toHaveURL('/winners?source=tournament');
    await expect(list.locator('li[data-source="tournament"]').first()).toBeVisible();
    await expect(list.locator('li:not([data-source="tournament"])')).toHaveCount(0);
    await expect(list.getByRole('link', { name: 'Sunday Slot Showdown' }).first()).toHaveAttribute('href', /\/tournaments\/\d+$/);
    await page.getByRole('button', { name: 'Leaderboard' }).click();
    await expect(list.locator('li:not([data-source="leaderboard"])')).toHaveCount(0);
    await expect(list.locator('li[data-source="leaderboard"]').first()).toContainText('$');
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/winners');
    await expect(page.getByTestId('recent-winners')).toBeVisible();
    const results = await new AxeBuilder({ page }).include('main').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });
});
