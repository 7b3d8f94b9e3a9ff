import type { Page } from '@playwright/test';
import { expect, test, waitForShell } from './support/fixtures';
import { signedIn } from './support/signed-in';

/** The demo seed (libs/domain/src/leaderboard/leaderboard.seed.ts): Roobet (42 players) and Stake (28), manual CSV source, masked names. */
async function openLeaderboard(page: Page): Promise<void> {
  await page.goto('/leaderboard');
  await waitForShell(page);
  await expect(page.getByRole('list', { name: 'Top three' })).toBeVisible();
}

const tableRows = (page: Page) => page.getByRole('table').locator('tbody tr');

test.describe('leaderboard', () => {
  test('tabs switch platforms; ranks in the table continue after the podium', async ({ page }) => {
    await openLeaderboard(page);
    await expect(page.getByRole('heading', { name: 'Roobet Leaderboard' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Roobet' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('list', { name: 'Top three' }).getByRole('listitem')).toHaveCount(3);
    await expect(tableRows(page)).toHaveCount(39);
    await expect(tableRows(page).first().locator('td').first()).toHaveText('#4');
    await expect(tableRows(page).first().locator('td').nth(2)).toHaveText(/^\$[\d,]+\.\d{2}$/);

    await page.getByRole('tab', { name: 'Stake' }).click();
    await expect(page.getByRole('heading', { name: 'Stake Leaderboard' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Stake' })).toHaveAttribute('aria-selected', 'true');
    await expect(tableRows(page)).toHaveCount(25);
  });

  test("'Search players...' filters only the table, never the podium", async ({ page }) => {
    await openLeaderboard(page);
    const podiumNames = await page.locator('.leaderboard-podium__name').allTextContents();
    const target = (await tableRows(page).nth(5).locator('td').nth(1).textContent())!.trim();
    await page.getByPlaceholder('Search players...').fill(target);
    await expect(tableRows(page)).not.toHaveCount(39);
    for (const text of await tableRows(page).locator('td:nth-child(2)').allTextContents())
      expect(text.toLowerCase()).toContain(target.toLowerCase());
    // The player keeps rank #9 (6th row after a podium of three) while filtered.
    await expect(tableRows(page).locator('td:first-child', { hasText: /^#9$/ })).toHaveCount(1);
    expect(await page.locator('.leaderboard-podium__name').allTextContents()).toEqual(podiumNames);

    await page.getByPlaceholder('Search players...').fill('no-such-player');
    await expect(page.getByText('No players found matching "no-such-player"')).toBeVisible();
    expect(await page.locator('.leaderboard-podium__name').allTextContents()).toEqual(podiumNames);
  });

  test("the countdown ticks every second and shows 'Ended' once the period is over", async ({ page }) => {
    const data = (await (await page.request.get('/api/r/leaderboard')).json()) as {
      data: { all_leaderboards: Record<string, { current_period: { endTimestamp: number } }> };
    };
    const end = data.data.all_leaderboards.roobet!.current_period.endTimestamp;
    // The page's clock starts a minute before the end and is paused once the page has loaded, so however long the
    // load takes on this host, the countdown stands 4 s before the end until the test moves it.
    await page.clock.install({ time: end - 60_000 });
    await openLeaderboard(page);
    await page.clock.pauseAt(end - 4000);
    const timer = page.getByRole('timer', { name: 'Time left in this period' });
    await expect(timer).toBeVisible();
    const seconds = timer.locator('.countdown__value').nth(3);
    await expect(seconds).toHaveText('04');
    await page.clock.runFor(1000);
    await expect(seconds).toHaveText('03');
    await page.clock.runFor(5000);
    await expect(page.locator('.leaderboard-period').getByText('Ended')).toBeVisible();
  });

  test('an admin CSV import reaches an open leaderboard without a reload', async ({ page, browser }) => {
    await openLeaderboard(page);
    await page.evaluate(() => ((globalThis as unknown as { __marker: number }).__marker = 1));
    const { page: admin } = await signedIn(browser, 'StreamBoss');
    await admin.goto('/admin-new/leaderboard');
    await admin.getByRole('button', { name: 'Import and history of Roobet' }).click();
    await admin.getByLabel('CSV file').setInputFiles({
      name: 'roobet.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('username,wagered\nzzTopWhale,9999999.99\nsecondPlace,5\n'),
    });
    await expect(admin.getByText('2 players, $10,000,004.99 wagered in total.')).toBeVisible();
    await admin.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(admin.getByRole('region', { name: 'Notifications' }).getByText('Imported 2 players into Roobet')).toBeVisible();

    await expect(page.locator('.leaderboard-podium__name').first()).toHaveText('zz********');
    await expect(page.locator('.leaderboard-podium__wagered').first()).toHaveText('$9,999,999.99');
    // Same document: the marker set before the import is still there.
    expect(await page.evaluate(() => (globalThis as unknown as { __marker?: number }).__marker)).toBe(1);
    await admin.context().close();
  });
});
