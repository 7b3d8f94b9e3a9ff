import type { AdminHuntDetail, AdminHuntListItem, AdminTournament } from '@kickback/contracts';
import { expect, test } from './support/fixtures';
import { signedIn, signedInApi } from './support/signed-in';

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
  const without = await read<AdminHuntDetail>(`/api/admin/bonus-hunts/${running.id}`);
  expect(without.games.map((g) => g.id)).not.toContain(opened.id);

  // A removal clicked on the wrong row is undone: the slot is back at its place with its bet and win.
  const place = opened.position;
  await admin.page.getByTestId('hunt-last-removal').getByRole('button', { name: 'Undo removal' }).click();
  await expect(
    admin.page.getByRole('region', { name: 'Notifications' }).getByText(`${opened.slot_name} is back at #${place + 1}`),
  ).toBeVisible();
  await expect(remove).toBeVisible();
  await expect(admin.page.getByTestId('hunt-last-removal')).toHaveCount(0);
  const back = (await read<AdminHuntDetail>(`/api/admin/bonus-hunts/${running.id}`)).games.find((g) => g.position === place)!;
  expect(back).toMatchObject({ slot_id: opened.slot_id, slot_bet: opened.slot_bet, slot_win: opened.slot_win });
  await admin.context.close();
});

test('a match winner the multipliers contradict needs an explicit override: the server refuses it, the bracket editor asks', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'StreamBoss');
  const api = await signedInApi(browser, 'StreamBoss');
  const name = `Override Cup ${Date.now().toString(36)}`;
  const cup = await api.call<AdminTournament>('post', '/api/admin/tournaments', {
    name,
    size: 4,
    slots: [
      { name: 'Mental', multiplier: '12.80' },
      { name: 'Wanted', multiplier: '7.41' },
      { name: 'Sugar Rush' },
      { name: 'Gates of Olympus' },
    ],
  });
  const first = cup.matches.find((m) => m.round === 1 && m.match_number === 1)!;
  const session = (await (await api.context.request.get('/api/r/session')).json()) as { data: { csrfToken: string } };
  const refused = await api.context.request.post(`/api/admin/tournaments/${cup.id}/matches/${first.id}/winner`, {
    headers: { 'x-csrf-token': session.data.csrfToken },
    data: { winner_name: 'Wanted' },
  });
  expect(refused.status()).toBe(422);

  await admin.page.goto('/admin-new/tournaments');
  await admin.page.getByRole('button', { name: `Manage ${name}` }).click();
  await admin.page.getByRole('button', { name: 'Wanted wins Round 1 match 1' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Wanted has the lower multiplier' });
  await expect(dialog).toContainText('Wanted scored 7.41x against 12.80x.');
  await dialog.getByRole('button', { name: 'Not yet' }).click();
  await expect(admin.page.getByTestId(`admin-match-${first.id}`).getByRole('cell').nth(4)).toHaveText('—');

  await admin.page.getByRole('button', { name: 'Wanted wins Round 1 match 1' }).click();
  await dialog.getByRole('button', { name: 'Override: Wanted wins' }).click();
  await expect(admin.page.getByRole('region', { name: 'Notifications' }).getByText('Wanted advances.')).toBeVisible();
  await expect(admin.page.getByTestId(`admin-match-${first.id}`).getByRole('cell').nth(4)).toHaveText('Wanted');

  // A winner clicked by mistake is taken back while its next match is undecided; it leaves the final's slot.
  await admin.page.getByRole('button', { name: 'Undo Wanted winning Round 1 match 1' }).click();
  const undo = admin.page.getByRole('dialog', { name: 'Undo Wanted winning Round 1 match 1?' });
  await expect(undo).toContainText('Round 1 match 1 is undecided again and Wanted leaves round 2');
  await undo.getByRole('button', { name: 'Undo winner' }).click();
  await expect(admin.page.getByRole('region', { name: 'Notifications' }).getByText('Wanted no longer wins Round 1 match 1')).toBeVisible();
  await expect(admin.page.getByTestId(`admin-match-${first.id}`).getByRole('cell').nth(4)).toHaveText('—');
  const final = (await api.call<AdminTournament>('get', `/api/admin/tournaments/${cup.id}`)).matches.find((m) => m.round === 2)!;
  expect(final.slot1_name).toBeNull();

  // Go live shows the newest active tournament: this one goes, the seeded one comes back.
  await api.call('put', `/api/admin/tournaments/${cup.id}`, { is_active: false });
  await admin.context.close();
  await api.context.close();
});
