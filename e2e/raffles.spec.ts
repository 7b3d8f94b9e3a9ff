import { expect, test } from './support/fixtures';
import { createRaffle, endRaffleIn } from './support/raffles-admin';
import { signedIn } from './support/signed-in';
import { watchRoomJoins } from './support/room-joins';

test.describe('raffles live', () => {
  test('A enters; B sees the count and the entry without reload; at the end both see the winner', async ({ browser }) => {
    const admin = await signedIn(browser, 'StreamBoss');
    const title = `Live raffle ${Date.now()}`;
    const id = await createRaffle(admin.page, title);
    const a = await signedIn(browser, 'LuckyLuke');
    const b = await signedIn(browser, 'SpinQueen');

    await b.page.goto('/raffles');
    const card = b.page.getByTestId(`raffle-card-${id}`);
    await expect(card.getByTestId('raffle-card-entries')).toHaveText('0');

    const bDetail = await b.context.newPage();
    await bDetail.goto(`/raffles/${id}`);
    await expect(bDetail.getByText('No entries yet')).toBeVisible();
    await expect(bDetail.getByTestId('raffle-total-entries')).toHaveText('0');

    // With its socket connected the page enters over it (raffle:enter), not with POST /enter.
    const enterPosts: string[] = [];
    const sentFrames: string[] = [];
    a.page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/r/raffles/${id}/enter`)) enterPosts.push(r.url());
    });
    a.page.on('websocket', (ws) => ws.on('framesent', (f) => void (typeof f.payload === 'string' && sentFrames.push(f.payload))));
    const rooms = watchRoomJoins(a.page);
    await a.page.goto(`/raffles/${id}`);
    await expect(a.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await rooms.joined(`raffle:${id}`);
    await a.page.getByRole('button', { name: 'Enter for Free' }).click();
    await expect(a.page.getByRole('region', { name: 'Notifications' }).getByText('Successfully entered the raffle!')).toBeVisible();
    await expect(a.page.getByRole('button', { name: 'Entered' })).toBeDisabled();
    expect(sentFrames.filter((f) => f.includes('"raffle:enter"'))).toHaveLength(1);
    expect(enterPosts).toHaveLength(0);

    // B never reloads: the count on the list card and the detail's entries arrive over the socket.
    await expect(bDetail.getByTestId('raffle-total-entries')).toHaveText('1');
    await expect(bDetail.getByTestId('raffle-entries-list').getByText('luckyluke')).toBeVisible();
    await expect(bDetail.getByTestId('raffle-entries-list').getByText('100.00%')).toBeVisible();
    await expect(card.getByTestId('raffle-card-entries')).toHaveText('1');

    // The delayed draw job runs at the end time (moved close only now, so a slow host enters before the end);
    // both pages show the winner and the Ended badge.
    await endRaffleIn(admin.page, id, 2_000);
    for (const page of [a.page, bDetail]) {
      await expect(page.getByTestId('raffle-winners').getByText('luckyluke')).toBeVisible({ timeout: 40_000 });
      await expect(page.getByTestId('raffle-status')).toHaveText('Ended');
    }
    await bDetail.getByRole('button', { name: 'Verify in my browser' }).click();
    await expect(
      bDetail.getByTestId('raffle-verify-result').getByText(/✓ Recomputing the draw gives exactly the recorded winners/),
    ).toBeVisible();
    await expect(bDetail.getByTestId('raffle-verify-result').getByText(/✗/)).toHaveCount(0);

    for (const m of [admin, a, b]) await m.context.close();
  });

  test('the entry list shows the 50 entrants with most tickets, loads more on scroll and searches on the server', async ({ page }) => {
    const raffles = (await (await page.request.get('/api/r/raffles')).json()) as { data: { id: number; title: string }[] };
    const seeded = raffles.data.find((r) => r.title === '$500 Cash Giveaway')!;
    const detail = (await (await page.request.get(`/api/r/raffles/${seeded.id}`)).json()) as { data: { participants_count: number } };
    const people = detail.data.participants_count;
    expect(people).toBeGreaterThan(50);
    const listReads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api/r/raffles/${seeded.id}/entries`)) listReads.push(new URL(r.url()).search);
    });
    const firstPage = page.waitForResponse((r) => r.url().endsWith(`/api/r/raffles/${seeded.id}/entries`));
    await page.goto(`/raffles/${seeded.id}`);
    expect((await (await firstPage).body()).length).toBeLessThan(50_000);
    const list = page.getByTestId('raffle-entries-list');
    const rows = list.locator('.raffle-entries__row');
    await expect(rows).toHaveCount(50);
    await expect(page.getByRole('heading', { name: `Entries (${people})` })).toBeVisible();

    // Scrolling the list to its end loads the rest (the cursor is the last entrant's tickets and first entry).
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(rows).toHaveCount(people);
    expect(listReads).toEqual(['', expect.stringMatching(/^\?cursor=\d+\.\d+$/)]);

    // The search box asks the server (case-insensitive substring), once the typing settles.
    const search = page.getByPlaceholder('Search participants...');
    await search.fill('PINAC');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('spinace');
    expect(listReads.at(-1)).toBe('?search=PINAC');
    await search.fill('nobody-by-this-name');
    await expect(page.getByText('No participants found matching "nobody-by-this-name"')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(rows).toHaveCount(people);
  });

  test('an unknown raffle shows "Raffle not found" and returns to the list', async ({ page }) => {
    await page.goto('/raffles/999999');
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Raffle not found')).toBeVisible();
    await expect(page).toHaveURL('/raffles');
  });

  test('the tabs show the seeded active and ended raffles', async ({ page }) => {
    await page.goto('/raffles');
    await expect(page.getByRole('tab', { name: 'Active Raffles' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: '$500 Cash Giveaway' })).toBeVisible();
    await page.getByRole('tab', { name: 'Ended Raffles' }).click();
    await expect(page.getByRole('heading', { name: 'Gaming Chair Raffle' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '$500 Cash Giveaway' })).toHaveCount(0);
  });
});
