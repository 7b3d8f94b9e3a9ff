import { expect, test } from './support/fixtures';
import { signedIn } from './support/signed-in';

test.describe('Import points', () => {
  test('an admin reads a CSV in a dry run, applies it and rolls it back', async ({ browser }) => {
    const { context, page } = await signedIn(browser, 'StreamBoss');
    // A name of this run only, so a second run on the same server is a new file, not a repeat of this one.
    const waiting = `e2e_wait_${Date.now().toString(36)}`;
    await page.goto('/admin-new/points-import');
    await expect(page.getByRole('heading', { name: 'Import points', level: 1 })).toBeVisible();
    await expect(
      page.getByText('No points imported yet.').or(page.getByRole('table', { name: 'Points imports, newest first' })),
    ).toBeVisible();

    await page.getByLabel('Format').selectOption('csv');
    await page.getByLabel('Username column').fill('Kick name');
    await page.getByLabel('Points column').fill('Points');
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'botrix-points.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Kick name,Points\nStreamBoss,1234\n${waiting},50\nsomeone,lots\n`),
    });
    await page.getByRole('button', { name: 'Dry run' }).click();

    const totals = page.getByRole('list', { name: 'Dry run totals' });
    await expect(totals).toContainText('3 rows read');
    await expect(totals).toContainText('1 member matched: 1,234 points credited at once');
    await expect(totals).toContainText('1 Kick name without an account yet: 50 points waiting for their first login');
    await expect(totals).toContainText('1 invalid row skipped');
    await expect(page.getByRole('list', { name: 'Rows skipped' })).toHaveText('Row 4: "lots" is not a whole number of points.');
    await expect(page.getByRole('table', { name: 'Matched members' }).getByRole('row', { name: /StreamBoss/ })).toContainText('1,234');
    await expect(page.getByRole('table', { name: 'Kick names without an account' })).toContainText(waiting);

    await page.getByRole('button', { name: 'Apply import' }).click();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(
      notifications.getByText('Imported 1,284 points for 2 Kick names: 1 member credited, 1 name waits for a first login.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dry run' })).toBeHidden();

    const batch = page.getByRole('table', { name: 'Points imports, newest first' }).getByRole('row').nth(1);
    await expect(batch).toContainText('Applied');
    await expect(batch).toContainText('1,284');
    await batch.getByRole('button', { name: 'Roll back' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Takes back what 1 member received from it and cancels 1 waiting name.');
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    await expect(notifications.getByText(/^Import #\d+ rolled back$/)).toBeVisible();
    await expect(batch).toContainText('Rolled back');
    await expect(batch.getByRole('button', { name: 'Roll back' })).toHaveCount(0);
    await context.close();
  });
});
