import type { AdminHuntDetail, AdminHuntListItem } from '@kickback/contracts';
import { expect, test } from './support/fixtures';
import { signedIn } from './support/signed-in';

test('removing a slot of the running hunt needs a confirmation that says what is lost', async ({ browser }) => {
  const admin = await signedIn(browser, 'StreamBoss');
  const read = async <T>(url: string) => ((await (await admin.page.request.get(url)).json()) as { data: T }).data;
  const running = (await read<AdminHuntListItem[]>('/api/admin/bonus-hunts?page=1')).find((h) => h.status !== 'completed')!;
  const opened = (await read<AdminHuntDetail>(`/api/admin/bonus-hunts/${running.id}`)).games.find((g) => g.opened)!;

  await admin.page.goto('/admin-new/bonus-hunts');
  const remove = admin.page.getByRole('button', { name: `Remove ${opened.slot_name}` });
  await remove.click();
  const dialog = admin.page.getByRole('dialog', { name: `Remove ${opened.slot_name}?` });
  await expect(dialog).toContainText(`${opened.slot_name} leaves ${running.name} with its bet of`);
  await expect(dialog).toContainText('and its saved win of');

  // "Keep slot" leaves it as it was.
  await dialog.getByRole('button', { name: 'Keep slot' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeVisible();
  expect((await read<AdminHuntDetail>(`/api/admin/bonus-hunts/${running.id}`)).games.map((g) => g.id)).toContain(opened.id);

  // Confirming removes it.
  await remove.click();
  await dialog.getByRole('button', { name: 'Remove slot' }).click();
  await expect(
    admin.page.getByRole('region', { name: 'Notifications' }).getByText(`${opened.slot_name} removed from ${running.name}`),
  ).toBeVisible();
  await expect(remove).toHaveCount(0);
  expect((await read<AdminHuntDetail>(`/api/admin/bonus-hunts/${running.id}`)).games.map((g) => g.id)).not.toContain(opened.id);
  await admin.context.close();
});
