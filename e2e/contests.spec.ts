import type { ContestPage, ContestTemplate, IssuedOverlayToken } from '@kickback/contracts';
import { apiCalls } from './support/api-calls';
import { expect, test } from './support/fixtures';
import { signedIn, signedInApi } from './support/signed-in';

test('a contest from a template on Go live: stakes grow the overlay live, the resolve pays a winner whose page follows', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'StreamBoss');
  const call = await apiCalls(admin.page);
  // A contest left running by an earlier, failed run would refuse the open: nothing may hide behind a newer one.
  const left = await call<{ id: number; status: string } | null>('get', '/api/admin/contests/current');
  if (left && (left.status === 'open' || left.status === 'closed')) await call('post', `/api/admin/contests/${left.id}/cancel`);
  const name = `Slot pick ${Date.now().toString(36)}`;
  const template = await call<ContestTemplate>('post', '/api/admin/contest-templates', {
    name,
    question: 'Which slot pays best tonight?',
    options: ['Gates of Olympus', 'Sweet Bonanza'],
    min_stake: 10,
    max_stake: 1_000,
    window_seconds: null,
  });

  // The overlay in OBS, before the contest exists: it shows the contest once opened and the pools as they grow.
  const { url } = await call<IssuedOverlayToken>('post', '/api/admin/overlays/contest/token');
  const overlayContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const overlay = await overlayContext.newPage();
  await overlay.goto(new URL(url).pathname + new URL(url).search);

  // The winner-to-be watches the contest page; their balance must change there without a reload.
  const winner = await signedIn(browser, 'LuckyLuke');
  const loser = await signedInApi(browser, 'SpinQueen');
  const winnerApi = await apiCalls(winner.page);
  const idOf = async (get: typeof winnerApi) => (await get<{ user: { id: number } }>('get', '/api/r/session')).user.id;
  for (const id of [await idOf(winnerApi), await idOf(loser.call)])
    await call('post', `/api/admin/users/${id}/points`, { delta: 500, note: 'Contest browser test' });

  await admin.page.goto('/admin-new/go-live');
  const panel = admin.page.getByTestId('go-live-contest');
  const form = panel.getByRole('form', { name: 'Open a contest from a template' });
  await form.getByLabel('Template').selectOption(String(template.id));
  await expect(panel.getByTestId('go-live-contest-summary')).toContainText(
    'Which slot pays best tonight? (Gates of Olympus / Sweet Bonanza)',
  );
  await form.getByRole('button', { name: 'Open contest' }).click();
  await expect(panel.getByText('Taking stakes', { exact: false })).toBeVisible();
  await expect(overlay.getByTestId('contest-question')).toHaveText('Which slot pays best tonight?');

  await winner.page.goto('/contests');
  const balance = winner.page.getByTestId('contest-balance');
  const before = (await winnerApi<ContestPage>('get', '/api/r/contests/current')).balance!;
  const contestId = (await winnerApi<ContestPage>('get', '/api/r/contests/current')).contest!.id;
  await winnerApi('post', `/api/r/contests/${contestId}/stake`, { option: 0, points: 100 });
  await expect(overlay.getByTestId('contest-pool-0')).toHaveText('100');
  await loser.call('post', `/api/r/contests/${contestId}/stake`, { option: 1, points: 300 });
  await expect(overlay.getByTestId('contest-pool-1')).toHaveText('300');
  await winnerApi('post', `/api/r/contests/${contestId}/stake`, { option: 0, points: 50 });
  await expect(overlay.getByTestId('contest-pool-0')).toHaveText('150');
  await expect(overlay.getByTestId('contest-options').getByRole('listitem')).toHaveText([
    '1Gates of Olympus1501 member×3.00',
    '2Sweet Bonanza3001 member×1.50',
  ]);
  await expect(overlay.getByTestId('contest-totals')).toHaveText('Pool 450 points2 members');
  await expect(balance).toHaveText(`Your points: ${(before - 150).toLocaleString('en-US')}`);

  await panel.getByRole('button', { name: 'Gates of Olympus won' }).click();
  await admin.page.getByRole('dialog').getByRole('button', { name: 'Resolve' }).click();
  await expect(panel.getByTestId('go-live-contest-option-0')).toContainText('winner');
  // The whole pool (450) to the only winner; the page was never reloaded.
  await expect(balance).toHaveText(`Your points: ${(before - 150 + 450).toLocaleString('en-US')}`);
  await expect(overlay.getByTestId('contest-clock')).toHaveText('Winner: Gates of Olympus');

  await call('delete', `/api/admin/contest-templates/${template.id}`);
  await Promise.all([overlayContext.close(), winner.context.close(), loser.context.close(), admin.context.close()]);
});
