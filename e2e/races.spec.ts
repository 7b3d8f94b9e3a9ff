import type { AdminRace, IssuedOverlayToken } from '@kickback/contracts';
import { apiCalls } from './support/api-calls';
import { expect, test } from './support/fixtures';
import { signedIn } from './support/signed-in';

test('the race overlay, and the leaderboard overlay under its board, count down and reorder live as the standings change', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'StreamBoss');
  const call = await apiCalls(admin.page);
  // A casino of its own, last in the site's order and removed at the end, so the seeded boards other tests read stay first.
  const casino = await call<{ id: number }>('post', '/api/admin/leaderboard/platforms', {
    name: 'Sprint Casino',
    slug: `sprint-${Date.now().toString(36)}`,
    currency_symbol: '$',
    source_type: 'manual_csv',
    period_type: 'monthly',
    mask_usernames: false,
    display_order: 10_000,
  });
  const importCsv = (csv: string) => call('post', `/api/admin/leaderboard/platforms/${casino.id}/import`, { csv });
  await importCsv('alphaRacer,500\nbetaRacer,500\n');

  const race = await call<AdminRace>('post', '/api/admin/races', {
    platform_id: casino.id,
    title: 'Overlay Sprint',
    starts_at: new Date(Date.now() - 1_000).toISOString(),
    ends_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    prizes: [{ amount: 50, currency: '$' }, { text: 'Signed shirt' }],
  });
  expect(race.ranking).toBe('snapshot');
  await call('put', '/api/admin/featured/race', { id: race.id });
  // The start snapshot (every player at 500) is taken by the first run, the worker's or this one.
  await expect
    .poll(async () => (await call<AdminRace>('post', `/api/admin/races/${race.id}/refresh`)).last_updated, { timeout: 15_000 })
    .not.toBeNull();

  const { url } = await call<IssuedOverlayToken>('post', '/api/admin/overlays/race/token');
  const overlayContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const overlay = await overlayContext.newPage();
  await overlay.goto(new URL(url).pathname + new URL(url).search);
  await expect(overlay.getByTestId('race-title')).toHaveText('Overlay Sprint');
  const clock = overlay.getByTestId('race-countdown');
  await expect(clock).toHaveText(/^00:(29|30):\d\d$/);
  const shown = await clock.textContent();
  await expect(clock).not.toHaveText(shown!);

  // The leaderboard overlay shows the same race under its board, with its own clock, and follows it too.
  const board = await call<IssuedOverlayToken>('post', '/api/admin/overlays/leaderboard/token');
  const boardOverlay = await overlayContext.newPage();
  await boardOverlay.goto(new URL(board.url).pathname + new URL(board.url).search);
  const underBoard = boardOverlay.getByTestId('leaderboard-race');
  await expect(underBoard.getByTestId('race-title')).toHaveText('Overlay Sprint');
  await expect(underBoard.getByTestId('leaderboard-race-countdown')).toHaveText(/^00:(29|30):\d\d$/);

  const rows = overlay.getByTestId('race-rows').getByRole('listitem');
  const boardRows = underBoard.getByTestId('race-rows').getByRole('listitem');
  await expect(rows).toHaveCount(0);
  await importCsv('alphaRacer,600\nbetaRacer,550\n');
  await call('post', `/api/admin/races/${race.id}/refresh`);
  const first = [/^1alphaRacer\$100\.00\$50\.00$/, /^2betaRacer\$50\.00Signed shirt$/];
  await expect(rows).toHaveText(first);
  await expect(boardRows).toHaveText(first);

  await importCsv('alphaRacer,600\nbetaRacer,900\n');
  await call('post', `/api/admin/races/${race.id}/refresh`);
  const reordered = [/^1betaRacer\$400\.00\$50\.00$/, /^2alphaRacer\$100\.00Signed shirt$/];
  await expect(rows).toHaveText(reordered);
  await expect(boardRows).toHaveText(reordered);

  // Cancelled, the race leaves the stream, so the tests after this one start from no race on stream.
  await call('post', `/api/admin/races/${race.id}/cancel`);
  await expect(overlay.getByTestId('race-overlay')).toBeHidden();
  await expect(underBoard).toBeHidden();
  await call('delete', `/api/admin/leaderboard/platforms/${casino.id}`);
  await overlayContext.close();
  await admin.context.close();
});
