import { SAFETY_MESSAGES } from '@kickback/contracts/safety-texts';
import { expect, test, waitForShell } from './support/fixtures';
import { signedIn } from './support/signed-in';

/**
 * A member's break from gambling content, taken from Settings (docs/responsible-gambling.md). "Until I ask" is the one
 * length that ends inside a test: the admin ends it at the member's request, so the account is left as it was found.
 */
test('a member takes a break from Settings, gambling pages give way to it, and an admin ends it when asked', async ({ browser }) => {
  const member = await signedIn(browser, 'NoKickNick');
  const admin = await signedIn(browser, 'StreamBoss');
  try {
    const { page } = member;
    await page.goto('/settings?tab=profile');
    await waitForShell(page);
    const section = page.getByRole('region', { name: 'Take a break from gambling content' });
    await section.getByLabel('How long').selectOption('until_asked');
    await section.getByRole('button', { name: 'Take a break' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start your break?' });
    await expect(dialog).toContainText(SAFETY_MESSAGES.breakConfirm('Until I ask an admin to end it'));
    await dialog.getByRole('button', { name: 'Start my break' }).click();
    await expect(section.getByRole('status')).toContainText('until you ask an admin to end it. It cannot be shortened.');

    for (const path of ['/leaderboard', '/races', '/bonus-hunts', '/tournaments']) {
      await page.goto(path);
      await waitForShell(page);
      await expect(page.getByRole('heading', { name: 'You are taking a break' })).toBeVisible();
    }
    await page.goto('/');
    await waitForShell(page);
    await expect(page.getByTestId('gambling-hidden')).toContainText(SAFETY_MESSAGES.onBreak);
    await expect(page.getByRole('heading', { name: 'Our Partners' })).toHaveCount(0);

    // The admin sees a count, never a name or a reason, and ends the break by the member's name when asked.
    const { page: desk } = admin;
    await desk.goto('/admin-new/safer-gambling');
    await expect(desk.getByTestId('safety-overview')).toContainText(/members on a break \(\d+ until they ask\)/);
    await desk.getByLabel("Member's username").fill('NoKickNick');
    await desk.getByRole('button', { name: 'End Break' }).click();
    await expect(desk.getByRole('region', { name: 'Notifications' }).getByText("NoKickNick's break has ended")).toBeVisible();

    await page.goto('/leaderboard');
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: 'You are taking a break' })).toHaveCount(0);
    await expect(page.getByTestId('offer-notice').first()).toContainText('18+');
  } finally {
    await member.context.close();
    await admin.context.close();
  }
});
