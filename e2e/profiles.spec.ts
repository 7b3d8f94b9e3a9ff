import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { injectedPageData } from './support/browser-globals';
import { expect, test, waitForShell } from './support/fixtures';
import { createRaffle } from './support/raffles-admin';
import { signedIn } from './support/signed-in';
import { withApiCallsAnswered } from './support/site-pages';

/**
 * Profiles and friends across three browsers. The demo seed leaves HelpDeskHana and StreamBoss strangers with one
 * friend in common (SpinQueen), and HelpDeskHana without any raffle entry (so her first one unlocks 'First Ticket').
 */
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

async function openProfile(page: Page, username: string): Promise<void> {
  await page.goto(`/profile/${username}`);
  await waitForShell(page);
  await expect(page.getByTestId('profile-level')).toBeVisible();
}

async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test.describe('profiles and friends', () => {
  test('A sends B a request, B accepts it live from the navigation, both profiles show Friends and the Friends tab', async ({
    browser,
  }) => {
    const a = await signedIn(browser, 'HelpDeskHana');
    const b = await signedIn(browser, 'StreamBoss');
    const bNav = b.page.getByRole('navigation', { name: 'Main' });
    await expect(bNav.getByTestId('friends-menu-toggle')).toBeVisible();
    await expect(bNav.getByTestId('friends-pending-count')).toHaveCount(0);

    await openProfile(a.page, 'StreamBoss');
    await a.page.getByRole('button', { name: 'Add Friend' }).click();
    await expect(toasts(a.page).getByText('Friend request sent successfully')).toBeVisible();
    await expect(a.page.getByRole('button', { name: 'Request Sent' })).toBeDisabled();

    // B never reloads: the count arrives with 'friends:updated', the notice as a toast.
    await expect(bNav.getByTestId('friends-pending-count')).toContainText('1');
    await expect(toasts(b.page).getByText('HelpDeskHana sent you a friend request')).toBeVisible();

    // A new page brings the count with its data: the friends lists are read only once the menu is opened.
    const friendsReads: string[] = [];
    b.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/r/friends') friendsReads.push(request.method());
    });
    await withApiCallsAnswered(b.page, async () => {
      await b.page.reload();
      await waitForShell(b.page);
    });
    expect((await injectedPageData(b.page)).friends).toEqual({ pending_count: 1 });
    await expect(bNav.getByTestId('friends-pending-count')).toContainText('1');
    expect(friendsReads).toEqual([]);
    await bNav.getByTestId('friends-menu-toggle').click();
    await expect.poll(() => friendsReads).toEqual(['GET']);
    await bNav.getByRole('button', { name: /^Accept .*hana/i }).click();
    await expect(toasts(b.page).getByText('Friend request accepted')).toBeVisible();
    await expect(bNav.getByTestId('friends-pending-count')).toHaveCount(0);
    await expect(bNav.getByTestId('friends-menu-friends').getByRole('link', { name: /hana/i })).toBeVisible();

    // A's open profile of B follows the friendship live; B sees the same on A's profile.
    await expect(a.page.getByTestId('friends-label')).toBeVisible();
    await expect(a.page.getByRole('button', { name: 'Remove Friend' })).toBeVisible();
    await openProfile(b.page, 'HelpDeskHana');
    await expect(b.page.getByTestId('friends-label')).toBeVisible();

    // Another member: the mutual friends, each linking to their profile.
    await a.page.getByRole('tab', { name: 'Friends' }).click();
    await expect(a.page.getByRole('heading', { name: 'Mutual Friends (1)' })).toBeVisible();
    await expect(a.page.getByTestId('mutual-friends').getByRole('link')).toHaveAttribute('href', '/profile/SpinQueen');

    // Oneself: the pointer to the navigation's friends menu.
    await openProfile(a.page, 'HelpDeskHana');
    await expect(a.page.locator('#main').getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await a.page.getByRole('tab', { name: 'Friends' }).click();
    await expect(a.page.getByTestId('friends-pointer')).toContainText('top navigation');

    // A visitor: Login Required.
    const visitor = await browser.newContext();
    const anonymous = await visitor.newPage();
    await openProfile(anonymous, 'StreamBoss');
    await anonymous.getByRole('tab', { name: 'Friends' }).click();
    await expect(anonymous.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    await expect(anonymous.getByText('Please log in to view friendship information')).toBeVisible();

    await Promise.all([a.context.close(), b.context.close(), visitor.close()]);
  });

  test("an achievement toast appears live when a raffle entry unlocks 'First Ticket'", async ({ browser }) => {
    const admin = await signedIn(browser, 'StreamBoss');
    const id = await createRaffle(admin.page, `Achievement raffle ${Date.now()}`);
    const member = await signedIn(browser, 'HelpDeskHana');
    await member.page.goto(`/raffles/${id}`);
    await member.page.getByRole('button', { name: 'Enter for Free' }).click();
    await expect(toasts(member.page).getByText('Successfully entered the raffle!')).toBeVisible();
    await expect(toasts(member.page).getByText('Achievement unlocked: First Ticket')).toBeVisible({ timeout: 20_000 });

    await openProfile(member.page, 'HelpDeskHana');
    await member.page.getByRole('tab', { name: 'Achievements' }).click();
    const unlocked = member.page.locator('[data-unlocked="true"]', { hasText: 'First Ticket' });
    await expect(unlocked.getByText(/^Unlocked/)).toBeVisible();
    await Promise.all([admin.context.close(), member.context.close()]);
  });

  test('a profile has no serious or critical accessibility violations, on the overview and with locked achievements', async ({
    browser,
  }) => {
    const { context, page } = await signedIn(browser, 'LuckyLuke');
    await openProfile(page, 'SpinQueen');
    await expect(page.getByRole('heading', { name: 'Quick Stats' })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Achievements' }).click();
    const locked = page.locator('[data-unlocked="false"]').first();
    await expect(locked).toBeVisible();
    // A locked achievement says how far the member is.
    await expect(locked.getByText(/^Locked · [\d,]+ of [\d,]+$/)).toBeVisible();
    await expect(locked.getByRole('progressbar')).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.getByTestId('friends-menu-toggle').click();
    await expect(page.getByRole('heading', { name: /^Friend Requests/ })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await context.close();
  });

  test("an unknown member shows 'Profile Not Found'", async ({ page }) => {
    await page.goto('/profile/NobodyByThisName');
    await expect(page.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();
    await expect(page.getByText("The user you're looking for doesn't exist.")).toBeVisible();
  });
});
