import sharp from 'sharp';
import { expect, test, waitForShell } from './support/fixtures';
import { loginAs } from './support/session';
import { signedIn } from './support/signed-in';

test.describe('support tickets', () => {
  test('a member opens a ticket with an image, staff answer in the admin panel, the member sees Support Team', async ({
    page,
    browser,
  }) => {
    const title = `Prize never arrived ${Date.now()}`;
    const screenshot = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();

    await loginAs(page, 'LuckyLuke');
    await page.goto('/tickets/create');
    await waitForShell(page);
    await page.getByLabel('Ticket Title').fill(title);
    await expect(page.getByLabel('Category').locator('option')).not.toHaveCount(1);
    await page.getByLabel('Category').selectOption({ index: 1 });
    await expect(page.getByRole('radio', { name: /Medium/ })).toBeChecked();
    await page.getByRole('radio', { name: /High/ }).check();
    await page.getByLabel('Detailed Description').fill('I won the weekend raffle but the prize has not arrived.');
    await page.getByLabel('Attachments').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: screenshot });
    await expect(page.getByText('proof.png')).toBeVisible();
    await page.getByRole('button', { name: 'Create Ticket' }).click();

    await page.waitForURL(/\/tickets\/\d+$/);
    const ticketId = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const thumbnail = page.getByRole('img', { name: 'proof.png' });
    await expect(thumbnail).toBeVisible();
    // The private image really loads for its owner (through the API, not /uploads).
    await expect.poll(() => thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(64);

    const staff = await signedIn(browser, 'HelpDeskHana');
    try {
      await staff.page.goto('/admin-new/tickets');
      await staff.page.getByLabel('Search').fill(title);
      await staff.page.getByRole('button', { name: 'Search' }).click();
      await staff.page.getByRole('button', { name: `Open ticket #${ticketId}` }).click();
      await expect(staff.page.getByText('I won the weekend raffle but the prize has not arrived.')).toBeVisible();
      await staff.page.getByLabel('Reply as Support Team').fill('Sorry about that, the prize is on its way.');
      await staff.page.getByRole('button', { name: 'Send Reply' }).click();
      await expect(staff.page.getByRole('region', { name: 'Notifications' })).toContainText('Reply sent successfully');
    } finally {
      await staff.context.close();
    }

    await page.reload();
    await waitForShell(page);
    const reply = page.locator('article', { hasText: 'Sorry about that, the prize is on its way.' });
    await expect(reply.getByText('Support Team')).toBeVisible();
    await expect(reply.getByText('Staff', { exact: true })).toBeVisible();
    await expect(page.getByText('Waiting')).toBeVisible();
  });
});
