import { expect, test } from './support/fixtures';
import { signedIn } from './support/signed-in';

test('an admin creates a 4-slot tournament, a member picks and saves, the admin sets winners and the member sees accuracy live', async ({
  browser,
}) => {
  const name = `E2E Cup ${Date.now()}`;
  const { page: admin } = await signedIn(browser, 'StreamBoss');
  await admin.goto('/admin-new/tournaments');
  await admin.getByRole('button', { name: 'New Tournament' }).click();
  const form = admin.getByRole('form', { name: 'New tournament' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Size').selectOption('4');
  for (const [i, slot] of ['Alpha', 'Bravo', 'Charlie', 'Delta'].entries()) {
    await form.getByLabel(`Slot ${i + 1}`, { exact: true }).fill(slot);
  }
  await form.getByLabel('Slot 1 multiplier').fill('12.5');
  await expect(form.getByLabel('Open predictions now')).toBeChecked();
  await form.getByRole('button', { name: 'Create Tournament' }).click();
  await expect(admin.getByRole('heading', { name: `Bracket: ${name}` })).toBeVisible();

  const { page: member } = await signedIn(browser, 'LuckyLuke');
  await member.goto('/tournaments');
  await member.getByRole('tab', { name: 'Predictions Open' }).click();
  const card = member.locator('[data-testid^="tournament-card-"]').filter({ hasText: name });
  await expect(card.getByText('4 Slot Tournament')).toBeVisible();
  await card.getByRole('link', { name: 'Make Predictions' }).click();
  await expect(member.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(member.getByText('12.50x')).toBeVisible();
  await member.getByRole('tab', { name: 'Predict', exact: true }).click();
  await member.getByRole('button', { name: 'Pick Alpha in match 1' }).click();
  await member.getByRole('button', { name: 'Pick Delta in match 2' }).click();
  await member.getByRole('button', { name: 'Save Predictions (2)' }).click();
  await expect(member.getByText('Predictions saved successfully!')).toBeVisible();
  await member.getByRole('tab', { name: 'Predictions', exact: true }).click();
  const row = member.getByTestId('prediction-row').filter({ hasText: 'LuckyLuke' });
  await expect(row).toContainText('0/0');

  // Alpha wins (right pick), Charlie beats Delta (wrong pick): the member's row updates without reload.
  // Each winner is confirmed in a dialog that says what follows.
  await admin.getByRole('button', { name: 'Alpha wins Round 1 match 1' }).click();
  await admin.getByRole('dialog', { name: 'Alpha wins Round 1 match 1?' }).getByRole('button', { name: 'Alpha wins' }).click();
  await expect(admin.getByText('Alpha advances.')).toBeVisible();
  await admin.getByRole('button', { name: 'Charlie wins Round 1 match 2' }).click();
  await admin.getByRole('dialog', { name: 'Charlie wins Round 1 match 2?' }).getByRole('button', { name: 'Charlie wins' }).click();
  await expect(admin.getByText('Charlie advances.')).toBeVisible();

  await expect(row).toContainText('50%');
  await expect(row).toContainText('1/2');
  await member.getByRole('tab', { name: 'Bracket' }).click();
  const final = member.getByRole('region', { name: 'Final' });
  await expect(final).toContainText('Alpha');
  await expect(final).toContainText('Charlie');
});
