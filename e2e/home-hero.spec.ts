import type { Page } from '@playwright/test';
import { expect, test, waitForShell } from './support/fixtures';
import { signedIn } from './support/signed-in';

interface GivenAwayAnswer {
  success: boolean;
  total: number;
  formatted_total: string;
}

async function csrfToken(page: Page): Promise<string> {
  const { data } = (await (await page.request.get('/api/r/session')).json()) as { data: { csrfToken: string } };
  return data.csrfToken;
}

async function givenAway(page: Page): Promise<GivenAwayAnswer> {
  return (await (await page.request.get('/api/r/stats/total-given-away')).json()) as GivenAwayAnswer;
}

const heroFigure = (page: Page) => page.locator('.hero__stat').filter({ hasText: 'Total Given Away' }).locator('.hero__stat-value');

test('the hero shows the total given away from the real answer; a drawn prize raises it once its payout is paid', async ({
  page,
  browser,
}) => {
  const before = await givenAway(page);
  expect(before.success).toBe(true);
  // SPEC §7 answers this one at the top level, which is what the client has to read.
  expect(before.formatted_total).toMatch(/^\$[\d,]+\.\d{2}$/);
  await page.goto('/');
  await waitForShell(page);
  await expect(heroFigure(page)).toHaveText(before.formatted_total);

  // A raffle worth $250 is entered and drawn: its payout waits, so nothing is given away yet; once the admin marks it
  // paid, the answer and the hero both move by exactly that prize.
  const admin = await signedIn(browser, 'StreamBoss');
  const adminToken = await csrfToken(admin.page);
  const created = await admin.page.request.post('/api/admin/raffles', {
    headers: { 'x-csrf-token': adminToken },
    data: {
      title: 'Hero figure raffle',
      description: 'A prize that counts toward the total given away',
      start_datetime: new Date(Date.now() - 60_000).toISOString(),
      end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
      number_of_winners: 1,
      prize_description: '$250 cash',
      prize_value_usd: 250,
    },
  });
  expect(created.status()).toBe(201);
  const raffleId = ((await created.json()) as { data: { id: number } }).data.id;

  const member = await signedIn(browser, 'LuckyLuke');
  const entered = await member.page.request.post(`/api/r/raffles/${raffleId}/enter`, {
    headers: { 'x-csrf-token': await csrfToken(member.page) },
    data: { entry_type: 'passwordless' },
  });
  expect(entered.ok()).toBe(true);
  const drawn = await admin.page.request.post(`/api/admin/raffles/${raffleId}/draw`, { headers: { 'x-csrf-token': adminToken } });
  expect(drawn.ok()).toBe(true);
  expect((await givenAway(page)).total).toBeCloseTo(before.total, 2);

  const queue = await admin.page.request.get('/api/admin/payouts?status=waiting_approval&source=raffle');
  const payout = ((await queue.json()) as { data: { id: number; subject: { id: number } }[] }).data.find((p) => p.subject.id === raffleId)!;
  for (const move of [
    { from: 'waiting_approval', to: 'approved' },
    { from: 'approved', to: 'paid', proof_reference: 'hero-figure-transfer' },
  ]) {
    const moved = await admin.page.request.post(`/api/admin/payouts/${payout.id}/status`, {
      headers: { 'x-csrf-token': adminToken },
      data: move,
    });
    expect(moved.ok()).toBe(true);
  }

  const after = await givenAway(page);
  expect(after.total).toBeCloseTo(before.total + 250, 2);
  expect(after.formatted_total).not.toBe(before.formatted_total);
  await page.reload();
  await waitForShell(page);
  await expect(heroFigure(page)).toHaveText(after.formatted_total);

  for (const signed of [admin, member]) await signed.context.close();
});
