import type { AdminHuntListItem, AdminRaffle, AdminTournament } from '@kickback/contracts';
import { expect, test } from './support/fixtures';
import { signedIn, signedInApi } from './support/signed-in';
import { withApiCallsAnswered } from './support/site-pages';

test('the admin opens on Go live; the raffle, hunt and tournament lists follow changes made elsewhere; toasts say what happened', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'StreamBoss');
  // Another admin tab (or the streamer's phone) changes things through the API.
  const elsewhere = await signedInApi(browser, 'StreamBoss');
  const member = await signedInApi(browser, 'LuckyLuke');
  const notifications = admin.page.getByRole('region', { name: 'Notifications' });

  await admin.page.goto('/admin-new');
  await expect(admin.page).toHaveURL('/admin-new/go-live');
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Go live' })).toBeVisible();
  // One hunt at a time: with the demo hunt being opened, Go live says how the next one starts and offers to complete it.
  const running = (await elsewhere.call<AdminHuntListItem[]>('get', '/api/admin/bonus-hunts?page=1')).find(
    (h) => h.status !== 'completed',
  )!;
  await expect(admin.page.getByTestId('go-live-next-hunt')).toHaveText(
    `One hunt runs at a time: the next one can start here once ${running.name} is completed.`,
  );
  await expect(admin.page.getByRole('button', { name: `Complete ${running.name}` })).toBeVisible();

  // Raffles: a raffle created elsewhere appears, its entries count up, and the draw's toast names it.
  await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Raffles' }).click();
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Raffles' })).toBeVisible();
  const title = `Friday $50 ${Date.now().toString(36)}`;
  const raffle = await elsewhere.call<AdminRaffle>('post', '/api/admin/raffles', {
    title,
    description: 'Fifty dollars for one viewer',
    prize_description: '$50 tip',
    start_datetime: new Date(Date.now() - 60_000).toISOString(),
    end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
    number_of_winners: 1,
  });
  const entries = admin.page.getByTestId(`admin-raffle-entries-${raffle.id}`);
  await expect(entries).toHaveText('0 tickets (0 people)');
  await member.call('post', `/api/r/raffles/${raffle.id}/enter`, { entry_type: 'passwordless' });
  await expect(entries).toHaveText('1 ticket (1 person)');
  const row = admin.page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: 'Draw now' }).click();
  await admin.page.getByRole('dialog', { name: 'Draw winners now?' }).getByRole('button', { name: 'Draw now' }).click();
  await expect(notifications.getByText(`1 winner drawn for ${title}.`)).toBeVisible();

  // Hunts: a rename elsewhere shows in the list (and is put back, other tests know the demo hunt by its name).
  await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bonus Hunts' }).click();
  const hunts = admin.page.getByRole('complementary', { name: 'Hunts' });
  await expect(hunts.getByText(running.name, { exact: true })).toBeVisible();
  await expect(admin.page.getByTestId('hunt-one-at-a-time')).toHaveText(
    `One hunt runs at a time: complete ${running.name} to start the next.`,
  );
  const renamed = `${running.name} (live)`;
  await elsewhere.call('put', `/api/admin/bonus-hunts/${running.id}`, { name: renamed });
  await expect(hunts.getByText(renamed, { exact: true })).toBeVisible();
  await elsewhere.call('put', `/api/admin/bonus-hunts/${running.id}`, { name: running.name });
  await expect(hunts.getByText(running.name, { exact: true })).toBeVisible();

  // Tournaments: one created elsewhere is listed at once (and removed again, Go live shows the newest active one).
  await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Tournaments' }).click();
  const cup = `Cockpit Cup ${Date.now().toString(36)}`;
  const tournament = await elsewhere.call<AdminTournament>('post', '/api/admin/tournaments', {
    name: cup,
    size: 4,
    slots: ['Mental', 'Sugar Rush', 'Wanted', 'Fire in the Hole'].map((name) => ({ name })),
    prize_points: [500],
    predictions_active: false,
  });
  await expect(admin.page.getByTestId(`admin-tournament-${tournament.id}`)).toContainText(cup);
  await elsewhere.call('delete', `/api/admin/tournaments/${tournament.id}`);
  await expect(admin.page.getByTestId(`admin-tournament-${tournament.id}`)).toHaveCount(0);

  for (const context of [admin.context, elsewhere.context, member.context]) await context.close();
});

test("Go live archives what is over: a sold-out item leaves the store's list, the rest stays, and it can be restored", async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'StreamBoss');
  const elsewhere = await signedInApi(browser, 'StreamBoss');
  const name = `Sold-out cap ${Date.now().toString(36)}`;
  await elsewhere.call('post', '/api/admin/store-items', { name, cost: 10, category: 'merch', quantity: 0 });
  const visitor = await browser.newPage();
  await visitor.goto('/store');
  await expect(visitor.getByText(name)).toBeVisible();

  // Every panel of Go live loaded first: on a slow host a click landed while the page was still drawing its panels
  // and the checkbox kept its state.
  await withApiCallsAnswered(admin.page, () => admin.page.goto('/admin-new/go-live').then(() => undefined));
  const panel = admin.page.getByRole('region', { name: 'Archive what is over' });
  // Only store items here: the raffles, hunts and tournaments other browser tests read stay listed.
  for (const label of ['Drawn and cancelled raffles', 'Completed hunts', 'Finished tournaments']) {
    const box = panel.getByLabel(label);
    await expect(async () => {
      await box.uncheck();
      await expect(box).not.toBeChecked();
    }).toPass();
  }
  await panel.getByRole('button', { name: 'Archive' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Archive what is over?' });
  await expect(dialog).toContainText('Sold-out store items leave the site');
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(
    admin.page.getByRole('region', { name: 'Notifications' }).getByText(/^Archived \d+ sold-out items?\. Their pages and winners stay\.$/),
  ).toBeVisible();

  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByText(name)).toHaveCount(0);
  const items = await elsewhere.call<{ name: string }[]>('get', '/api/admin/store-items');
  expect(items.map((i) => i.name)).not.toContain(name);
  expect(items.length).toBeGreaterThan(0);

  // Archived by mistake: the panel lists it, and Restore puts it back in the admin's list (inactive, to restock).
  await panel.getByText(/^Archived \(\d+\)$/).click();
  await panel
    .getByRole('list', { name: 'Archived' })
    .getByRole('button', { name: `Restore ${name}` })
    .click();
  await expect(admin.page.getByRole('region', { name: 'Notifications' }).getByText(`${name} is listed again.`)).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Archived' }).getByText(name)).toHaveCount(0);
  const restored = await elsewhere.call<{ name: string; is_active: boolean }[]>('get', '/api/admin/store-items');
  expect(restored.find((i) => i.name === name)).toMatchObject({ is_active: false });

  await visitor.close();
  await admin.context.close();
  await elsewhere.context.close();
});
