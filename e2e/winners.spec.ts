import type { Browser } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { DemoUser } from './support/session';
import { signedInApi } from './support/signed-in';
import { watchRoomJoins } from './support/room-joins';

/** POST as a demo account through the API alone (no page of the account is part of the test). */
async function apiAs(browser: Browser, user: DemoUser) {
  const { call } = await signedInApi(browser, user);
  return <T>(path: string, data?: unknown): Promise<T> => call<T>('post', path, data);
}

test.describe('recent winners', () => {
  test('lists raffle winners with their prize, each leading to the raffle', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Recent Winners' }).first().click();
    await expect(page).toHaveURL('/winners');
    await expect(page.getByRole('heading', { level: 1, name: 'Recent Winners' })).toBeVisible();
    // Other browser tests draw raffles too, so the newest raffle win is whichever came last, not a seeded one.
    await page.getByRole('button', { name: 'Raffles' }).click();
    // The rows of every source stay on screen until the filtered answer arrives (a slow host showed a hunt's row here).
    await expect(page.getByTestId('recent-winners').locator('li:not([data-source="raffle"])')).toHaveCount(0);
    const win = page.getByTestId('recent-winners').getByRole('listitem').first();
    await expect(win).toHaveAttribute('data-source', 'raffle');
    await expect(win.locator('.winners__prize')).not.toBeEmpty();
    const raffle = win.locator('.winners__what').getByRole('link');
    const title = (await raffle.textContent())!.trim();
    await raffle.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('shows a winner of every source, and filters by source', async ({ page }) => {
    await page.goto('/winners');
    const list = page.getByTestId('recent-winners');
    // Each source through its filter: the mixed list's newest page may hold only the raffles other tests drew.
    for (const [button, source] of [
      ['Raffles', 'raffle'],
      ['Bonus Hunts', 'hunt'],
      ['Leaderboard', 'leaderboard'],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      await expect(list.locator(`li[data-source="${source}"]`).first()).toBeVisible();
    }
    await page.getByRole('button', { name: 'Tournaments' }).click();
    await expect(page).toHaveURL('/winners?source=tournament');
    await expect(list.locator('li[data-source="tournament"]').first()).toBeVisible();
    await expect(list.locator('li:not([data-source="tournament"])')).toHaveCount(0);
    await expect(list.getByRole('link', { name: 'Sunday Slot Showdown' }).first()).toHaveAttribute('href', /\/tournaments\/\d+$/);
    await page.getByRole('button', { name: 'Leaderboard' }).click();
    await expect(list.locator('li:not([data-source="leaderboard"])')).toHaveCount(0);
    await expect(list.locator('li[data-source="leaderboard"]').first()).toContainText('$');
  });

  test('a draw and a reroll show on an open page from their pushes, with no read of the list (issue #16)', async ({ page, browser }) => {
    const reads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/r/winners') reads.push(r.url());
    });
    const rooms = watchRoomJoins(page);
    await page.goto('/winners');
    await expect(page.getByTestId('recent-winners')).toBeVisible();
    await rooms.joined('winners');
    expect(reads).toHaveLength(1);

    const admin = await apiAs(browser, 'StreamBoss');
    const member = await apiAs(browser, 'LuckyLuke');
    const title = `Live winners raffle ${Date.now()}`;
    const raffle = await admin<{ id: number }>('/api/admin/raffles', {
      title,
      description: 'Drawn while the winners page is open',
      prize_description: 'Mouse pad',
      start_datetime: new Date(Date.now() - 60_000).toISOString(),
      end_datetime: new Date(Date.now() + 120_000).toISOString(),
      number_of_winners: 1,
    });
    for (const enter of [admin, member]) await enter(`/api/r/raffles/${raffle.id}/enter`, { entry_type: 'passwordless' });

    await admin(`/api/admin/raffles/${raffle.id}/draw`);
    const rows = page.getByTestId('recent-winners').getByRole('listitem').filter({ hasText: title });
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('recent-winners').getByRole('listitem').first()).toContainText(title);
    const drawn = (await rows.locator('.winners__name').textContent())!;

    await admin(`/api/admin/raffles/${raffle.id}/reroll`, { position: 1 });
    await expect(rows.locator('.winners__name')).not.toHaveText(drawn);
    await expect(rows).toHaveCount(1);
    expect(reads).toHaveLength(1);
  });
});
