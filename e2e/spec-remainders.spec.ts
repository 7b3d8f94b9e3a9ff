import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, test, waitForShell } from './support/fixtures';
import { injectedPageData } from './support/browser-globals';
import { loginAs } from './support/session';
import { signedIn } from './support/signed-in';

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test.describe('SPEC remainders: ticket categories, footer link, load failures, platform tabs, indexed uploads', () => {
  test('an admin adds a ticket category in the admin panel and members can file tickets under it', async ({ page, browser }) => {
    const name = `Overlays ${Date.now()}`;
    const admin = await signedIn(browser, 'StreamBoss');
    try {
      await admin.page.goto('/admin-new/ticket-categories');
      await admin.page.getByRole('button', { name: 'Add Category' }).click();
      await admin.page.getByLabel('Name').fill(name);
      await admin.page.getByLabel('Description').fill('Stream overlay questions');
      await admin.page.getByRole('button', { name: 'Create Category' }).click();
      await expect(toasts(admin.page).getByText(`${name} created`)).toBeVisible();
      await expect(admin.page.getByRole('row', { name: new RegExp(name) })).toContainText('Active');
    } finally {
      await admin.context.close();
    }
    await loginAs(page, 'LuckyLuke');
    await page.goto('/tickets/create');
    await waitForShell(page);
    await expect(page.getByLabel('Category').locator('option', { hasText: name })).toHaveCount(1);
  });

  test("the footer's 'Powered by' link is edited in Site Settings", async ({ page, browser }) => {
    const admin = await signedIn(browser, 'StreamBoss');
    const setFooter = async (text: string, url: string) => {
      await admin.page.goto('/admin-new/settings');
      await admin.page.getByLabel('Powered by text').fill(text);
      await admin.page.getByLabel('Powered by URL').fill(url);
      await admin.page.getByRole('button', { name: /Save/ }).click();
      await expect(toasts(admin.page).locator('[data-toast-type="success"]').first()).toBeVisible();
    };
    try {
      await setFooter('Streamer Co', 'https://streamer.example/');
      await page.goto('/');
      await waitForShell(page);
      const link = page.getByRole('contentinfo').getByRole('link', { name: /Streamer Co/ });
      await expect(link).toHaveAttribute('href', 'https://streamer.example/');
    } finally {
      await setFooter('Kickback', 'https://kick.com');
      await admin.context.close();
    }
  });

  test('a list that fails to load toasts the SPEC message and offers a retry', async ({ page }) => {
    let fail = true;
    await page.route('**/api/r/tournaments', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"down"}' }) : route.continue(),
    );
    await page.goto('/tournaments');
    await waitForShell(page);
    await expect(toasts(page).getByText('Failed to load tournaments')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Failed to load tournaments' })).toHaveCount(0);
  });

  test('the leaderboard shows its platform tab even when only one platform exists', async ({ page }) => {
    await page.route('**/api/r/leaderboard', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { data: { platforms: { slug: string }[]; all_leaderboards: Record<string, unknown> } };
      const [first] = body.data.platforms;
      body.data.platforms = [first!];
      body.data.all_leaderboards = { [first!.slug]: body.data.all_leaderboards[first!.slug] };
      await route.fulfill({ response: answer, json: body });
    });
    await page.goto('/leaderboard');
    await waitForShell(page);
    const tabs = page.getByRole('tablist', { name: 'Platforms' });
    await expect(tabs.getByRole('tab')).toHaveCount(1);
    await expect(tabs.getByRole('tab')).toHaveAttribute('aria-selected', 'true');
  });

  test('a ticket posted with indexed image fields (images[0], images[1]) keeps both images', async ({ page }) => {
    await loginAs(page, 'SpinQueen');
    const { csrfToken } = await injectedPageData(page);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00aa00' } })
      .png()
      .toBuffer();
    const categories = await (await page.request.get('/api/r/tickets/categories')).json();
    const created = await page.request.post('/api/r/tickets', {
      headers: { 'X-CSRF-TOKEN': csrfToken },
      multipart: {
        title: 'Indexed upload',
        description: 'Two screenshots attached as images[0] and images[1].',
        category_id: String(categories.data[0].id),
        'images[0]': { name: 'a.png', mimeType: 'image/png', buffer: png },
        'images[1]': { name: 'b.png', mimeType: 'image/png', buffer: png },
      },
    });
    expect(created.status()).toBe(200);
    const id = (await created.json()).data.id as number;
    await page.goto(`/tickets/${id}`);
    await expect(page.getByRole('img', { name: 'a.png' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'b.png' })).toBeVisible();
  });
});
