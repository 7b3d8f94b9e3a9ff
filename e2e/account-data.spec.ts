import { readFile } from 'node:fs/promises';
import { injectedPageData } from './support/browser-globals';
import { fakeKick } from './support/fake-kick';
import { serveFakeKick } from './support/serve-fake-kick';
import { expect, test, waitForShell } from './support/fixtures';
import { createRaffle, endRaffleIn } from './support/raffles-admin';
import { signedIn } from './support/signed-in';

const kick = fakeKick();
/** A Kick account the demo seed does not know: logging in with it makes a new member, whom this test may delete. */
const NEWCOMER = { user_id: 880_377, name: 'DataRightsDana', email: 'dana@example.com', profile_picture: 'https://files.kick.com/d.png' };

test.describe('member data rights', () => {
  serveFakeKick(kick);
  test.beforeAll(() => {
    kick.nextUser = NEWCOMER;
  });

  test('a member downloads their data, then deletes their account; their raffle win shows "Deleted member"', async ({ page, browser }) => {
    await page.goto('/auth/kick?next=%2Fsettings');
    await page.waitForURL('/settings');
    await waitForShell(page);
    const user = (await injectedPageData(page)).user!;
    expect(user.username).toBe('DataRightsDana');

    // A raffle of this test's own, which the member enters and wins (the only entrant).
    const { context: adminContext, page: admin } = await signedIn(browser, 'StreamBoss');
    const raffleId = await createRaffle(admin, 'Data rights raffle');
    await page.goto(`/raffles/${raffleId}`);
    await page.getByRole('button', { name: 'Enter for Free' }).click();
    await expect(page.getByRole('button', { name: 'Entered' })).toBeDisabled();
    await endRaffleIn(admin, raffleId, 1_000);
    await expect.poll(async () => (await (await page.request.get(`/api/r/raffles/${raffleId}`)).json()).data.winners.length).toBe(1);

    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.getByRole('button', { name: 'Prepare my archive' }).click();
    const link = section.getByRole('link', { name: 'Download archive' });
    await expect(link).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const archive = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<string, any>;
    expect(archive.profile).toMatchObject({ username: 'DataRightsDana', email: 'dana@example.com' });
    for (const part of [
      'settings',
      'points_ledger',
      'raffle_entries',
      'hunt_predictions',
      'tournament_predictions',
      'redemptions',
      'tickets',
      'friends',
    ])
      expect(archive).toHaveProperty(part);
    expect(archive.raffle_entries).toEqual([expect.objectContaining({ raffle_id: raffleId, won: true })]);

    await section.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
    await dialog.getByLabel(/Type your username/).fill('datarightsdana');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('/account-deleted');
    await waitForShell(page);
    expect((await injectedPageData(page)).user).toBeNull();
    await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();

    await page.goto(`/raffles/${raffleId}`);
    await expect(page.getByText(`Deleted member #${archive.profile.id}`).first()).toBeVisible();
    await expect(page.getByText('DataRightsDana')).toHaveCount(0);
    expect((await page.request.get('/api/r/user/DataRightsDana')).status()).toBe(404);

    await admin.goto('/admin-new/audit-log');
    await expect(admin.getByText('account.delete').first()).toBeVisible();
    await expect(admin.getByText('account.export.request').first()).toBeVisible();
    await adminContext.close();
  });
});
