import type { Page } from '@playwright/test';
import { expect, test, waitForShell } from './support/fixtures';
import { loginAs, withSession } from './support/session';

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test.describe('settings', () => {
  test('anonymous visitors are asked to log in', async ({ page }) => {
    await page.goto('/settings');
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
    await expect(page.getByText('Please log in to access your settings.')).toBeVisible();
    await expect(page.getByTestId('auth-required-login')).toHaveAttribute('href', '/login');
  });

  test('a member without Kick is nudged to Connections, saves casino usernames and a bio, and a reload shows them', async ({ page }) => {
    await loginAs(page, 'NoKickNick');
    await page.goto('/settings');
    await waitForShell(page);

    // SPEC §2: no Kick and no tab → Connections after about 0.5 s, with the nudge.
    await expect(page.getByRole('tab', { name: 'Connections' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/[?&]tab=connections/);
    await expect(page.getByTestId('kick-nudge')).toHaveText('Connect your Kick account to continue');
    await expect(page.getByTestId('kick-connection').getByRole('button', { name: 'Connect Kick' })).toBeVisible();

    const stamp = Date.now().toString(36);
    await page.getByLabel('Roobet username').fill(`  nick_roo_${stamp} `);
    await page.getByLabel('Stake username').fill(`nick.stake.${stamp}`);
    await page.getByLabel('Gamdom username').fill('');
    await page.getByRole('button', { name: 'Save Connections' }).click();
    await expect(toasts(page).getByText('Connections updated successfully!')).toBeVisible();
    // What the server stored (trimmed) is what the form shows.
    await expect(page.getByLabel('Roobet username')).toHaveValue(`nick_roo_${stamp}`);

    await page.getByRole('tab', { name: 'Profile' }).click();
    const bio = `Casual spinner, here for the hunts. ${stamp}`;
    await page.getByLabel('Bio').fill(bio);
    await expect(page.getByTestId('bio-counter')).toHaveText(`${bio.length}/500`);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toasts(page).getByText('Profile updated successfully!')).toBeVisible();

    await page.reload();
    await waitForShell(page);
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Bio')).toHaveValue(bio);
    await page.getByRole('tab', { name: 'Connections' }).click();
    await expect(page.getByLabel('Roobet username')).toHaveValue(`nick_roo_${stamp}`);
    await expect(page.getByLabel('Stake username')).toHaveValue(`nick.stake.${stamp}`);
    await expect(page.getByLabel('Gamdom username')).toHaveValue('');
  });

  test('highlight=kick opens Connections and pulses the Kick block, which then settles', async ({ page }) => {
    await withSession(page, 'LuckyLuke');
    // The page's clock stands still from before the load, so the 3 s pulse is seen however slow the host is (paused
    // far enough ahead that no host is still short of it by the time the pause is set).
    const now = Date.now();
    await page.clock.install({ time: now });
    await page.clock.pauseAt(now + 300_000);
    await page.goto('/settings?tab=connections&highlight=kick');
    // The loader fades on timers too: the paused clock is moved on in small steps until it has gone (a few hundred
    // ms of page time, far short of the pulse's 3 s).
    await expect
      .poll(async () => {
        await page.clock.runFor(50);
        return page.getByTestId('loading-screen').count();
      })
      .toBe(0);
    await waitForShell(page);
    const block = page.getByTestId('kick-connection');
    await expect(block).toHaveAttribute('data-highlighted', 'true');
    await page.clock.runFor(3000);
    await expect(block).toHaveAttribute('data-highlighted', 'false');
    await expect(page.getByTestId('kick-nudge')).toHaveCount(0);
  });
});
