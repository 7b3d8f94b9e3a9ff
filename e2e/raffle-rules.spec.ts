import { expect, test } from './support/fixtures';
import { createRaffle } from './support/raffles-admin';
import { signedIn } from './support/signed-in';

test.describe('raffle entry rules', () => {
  test('the card lists the rules before anyone tries; an entry that breaks one is refused with its message', async ({ browser }) => {
    const admin = await signedIn(browser, 'StreamBoss');
    const title = `Level 50 raffle ${Date.now()}`;
    const id = await createRaffle(admin.page, title, 3_600_000, {
      entry_rules: { min_level: 50, min_account_age_days: 1, subscriber_multiplier: 2 },
    });
    const member = await signedIn(browser, 'LuckyLuke');

    await member.page.goto('/raffles');
    const rules = member.page.getByTestId(`raffle-card-${id}`).getByTestId(`raffle-rules-${id}`);
    await expect(rules.getByRole('listitem')).toHaveText([
      'Level 50 or higher',
      'Accounts at least 1 day old',
      "Subscribers' tickets count ×2",
    ]);

    await member.page.getByTestId(`raffle-card-${id}`).getByRole('link', { name: 'View Details' }).click();
    await expect(member.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(member.page.getByTestId(`raffle-rules-${id}`).getByText('Level 50 or higher')).toBeVisible();
    await member.page.getByRole('button', { name: 'Enter for Free' }).click();
    await expect(member.page.getByRole('region', { name: 'Notifications' }).getByText('Reach level 50 to enter.')).toBeVisible();
    await expect(member.page.getByRole('button', { name: 'Enter for Free' })).toBeEnabled();
    await expect(member.page.getByTestId('raffle-total-entries')).toHaveText('0');

    for (const m of [admin, member]) await m.context.close();
  });
});
