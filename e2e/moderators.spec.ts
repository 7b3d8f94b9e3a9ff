import type { AdminHuntDetail, AdminHuntListItem, AdminRaffle } from '@kickback/contracts';
import { expect, test } from './support/fixtures';
import { signedIn, signedInApi } from './support/signed-in';
import { watchRoomJoins } from './support/room-joins';

test('a moderator starts and draws a raffle and runs a hunt from Go live, and is refused every other section and admin call', async ({
  browser,
}) => {
  const admin = await signedInApi(browser, 'StreamBoss');
  const member = await signedInApi(browser, 'LuckyLuke');
  const suffix = Date.now().toString(36);

  // The streamer saved a template and one hunt at a time runs: whatever runs is finished first (admin calls).
  const templateName = `Mod night ${suffix}`;
  await admin.call('post', '/api/admin/raffle-templates', {
    name: templateName,
    settings: { prize_description: '$20 tip', number_of_winners: 1, duration_minutes: 30 },
  });
  const running = (await admin.call<AdminHuntListItem[]>('get', '/api/admin/bonus-hunts?page=1')).find((h) => h.status !== 'completed');
  if (running) {
    const detail = await admin.call<AdminHuntDetail>('get', `/api/admin/bonus-hunts/${running.id}`);
    for (const game of detail.games.filter((g) => !g.opened))
      await admin.call('put', `/api/admin/bonus-hunts/${running.id}/games/${game.id}`, { win: '40' });
    await admin.call('post', `/api/admin/bonus-hunts/${running.id}/status`, { status: 'completed' });
  }

  const mod = await signedIn(browser, 'ModMila');
  const page = mod.page;
  const rooms = watchRoomJoins(page);
  const notifications = page.getByRole('region', { name: 'Notifications' });
  // The site's menu takes a moderator to Go live; the panel opens there and lists nothing else.
  await expect(page.getByTestId('nav-go-live')).toHaveAttribute('href', '/admin-new/go-live');
  await page.goto('/admin-new');
  await expect(page).toHaveURL('/admin-new/go-live');
  await expect(page.getByRole('heading', { level: 1, name: 'Go live' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link')).toHaveText(['Go live']);

  // A raffle from the template, a member's entry, and the draw.
  const raffleTitle = `Mod raffle ${suffix}`;
  const templateForm = page.getByRole('form', { name: 'Start a raffle from a template' });
  await templateForm.getByLabel('Template').selectOption({ label: templateName });
  await templateForm.getByLabel('Title').fill(raffleTitle);
  await templateForm.getByRole('button', { name: 'Start raffle' }).click();
  await expect(notifications.getByText(`${raffleTitle} is taking entries.`)).toBeVisible();
  const raffle = (await admin.call<AdminRaffle[]>('get', '/api/admin/raffles?page=1')).find((r) => r.title === raffleTitle)!;
  await admin.call('put', '/api/admin/featured/raffle', { id: raffle.id });
  await expect(page.getByTestId('go-live-raffle-title')).toHaveText(raffleTitle);
  await rooms.joined(`raffle:${raffle.id}`);
  await member.call('post', `/api/r/raffles/${raffle.id}/enter`, { entry_type: 'passwordless' });
  await expect(page.getByTestId('go-live-raffle-entries')).toHaveText('1');
  await page.getByRole('button', { name: 'Draw winners now' }).click();
  await page
    .getByRole('dialog', { name: `Draw the winners of ${raffleTitle} now?` })
    .getByRole('button', { name: 'Draw' })
    .click();
  await expect(notifications.getByText(`1 winner drawn for ${raffleTitle}.`)).toBeVisible();
  const drawn = await admin.call<AdminRaffle>('get', `/api/admin/raffles/${raffle.id}`);
  expect(drawn.drawn_at).not.toBeNull();
  expect(drawn.winners.map((w) => w.username)).toEqual(['LuckyLuke']);

  // A hunt started on Go live; its slot (added by the streamer) gets its win from the moderator.
  const huntName = `Mod hunt ${suffix}`;
  const startHunt = page.getByRole('form', { name: 'Start a new hunt' });
  await startHunt.getByLabel('Name').fill(huntName);
  await startHunt.getByLabel('Starting balance ($)').fill('500');
  await startHunt.getByRole('button', { name: 'Start hunt' }).click();
  await expect(notifications.getByText(new RegExp(`^${huntName} started`))).toBeVisible();
  const hunt = (await admin.call<AdminHuntListItem[]>('get', '/api/admin/bonus-hunts?page=1')).find((h) => h.name === huntName)!;
  const [slot] = await admin.call<{ id: number; name: string }[]>('get', '/api/admin/hunt-catalogue/slots?search=');
  await admin.call('post', `/api/admin/bonus-hunts/${hunt.id}/games`, { slot_id: slot!.id, bet: '2' });
  const win = page.getByRole('textbox', { name: `Win for ${slot!.name}` });
  await win.fill('150');
  await win.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('go-live-hunt-phase')).toHaveText('Opening');
  const saved = await admin.call<AdminHuntDetail>('get', `/api/admin/bonus-hunts/${hunt.id}`);
  expect(saved.games[0]).toMatchObject({ opened: true });

  // Every other section shows the refusal inside the panel; the overlays' URLs are not offered.
  await expect(page.getByRole('link', { name: 'Overlay URLs and previews' })).toHaveCount(0);
  for (const section of ['settings', 'users', 'raffles', 'bonus-hunts', 'store-items', 'kick-connection', 'read-api', 'audit-log']) {
    await page.goto(`/admin-new/${section}`);
    await expect(page.getByTestId('admin-section-forbidden')).toContainText('Access Denied');
  }

  // And the server refuses the calls those sections make, whatever the page shows.
  const { data } = (await (await page.request.get('/api/r/session')).json()) as { data: { csrfToken: string } };
  const headers = { 'x-csrf-token': data.csrfToken };
  const refused = [
    await page.request.get('/api/admin/settings'),
    await page.request.get('/api/admin/users'),
    await page.request.post('/api/admin/raffles', { headers, data: {} }),
    await page.request.get(`/api/admin/raffles/${raffle.id}/entries`),
    await page.request.post('/api/admin/users/1/points', { headers, data: { amount: 100, reason: 'A moderator tries' } }),
    await page.request.get('/api/admin/store-redemptions'),
    await page.request.get('/api/admin/kick-connection'),
    await page.request.get('/api/admin/read-api/tokens'),
    await page.request.get('/api/admin/overlays/raffle/url'),
  ];
  expect(refused.map((r) => r.status())).toEqual(refused.map(() => 403));

  for (const context of [mod.context, admin.context, member.context]) await context.close();
});
