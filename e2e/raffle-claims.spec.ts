import type { IssuedOverlayToken, Raffle } from '@kickback/contracts';
import { apiCalls } from './support/api-calls';
import { expect, test } from './support/fixtures';
import { signedIn } from './support/signed-in';

const newRaffle = (title: string, claimMinutes: number) => ({
  title,
  description: 'Claim it or it passes on',
  prize_description: title.replace(' giveaway', ''),
  start_datetime: new Date(Date.now() - 60_000).toISOString(),
  end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
  number_of_winners: 1,
  claim_window_minutes: claimMinutes,
});

test.describe('raffle claim windows', () => {
  test('the winner claims the prize with the Claim button on the raffle page', async ({ browser }) => {
    const admin = await signedIn(browser, 'StreamBoss');
    const call = await apiCalls(admin.page);
    const member = await signedIn(browser, 'LuckyLuke');
    const memberCall = await apiCalls(member.page);
    const raffle = await call<Raffle>('post', '/api/admin/raffles', newRaffle(`Mousepad giveaway ${Date.now()}`, 10));
    await memberCall('post', `/api/r/raffles/${raffle.id}/enter`, { entry_type: 'passwordless' });
    await member.page.goto(`/raffles/${raffle.id}`);
    await expect(member.page.getByRole('heading', { level: 1, name: raffle.title })).toBeVisible();

    await call('post', `/api/admin/raffles/${raffle.id}/draw`);
    // The open page learns it won live, with the time left to claim.
    const claim = member.page.getByTestId('raffle-claim');
    await expect(claim.getByRole('timer', { name: 'Time left to claim' })).toBeVisible();
    await claim.getByRole('button', { name: 'Claim prize' }).click();
    await expect(
      member.page.getByRole('region', { name: 'Notifications' }).getByText('Prize claimed! The streamer will be in touch to deliver it.'),
    ).toBeVisible();
    await expect(claim).toHaveCount(0);
    await expect(member.page.getByTestId('raffle-winners').getByRole('listitem')).toContainText(['Claimed']);

    for (const m of [admin, member]) await m.context.close();
  });

  test('an unclaimed prize passes to the next person by itself, live on the open page and on the raffle overlay', async ({ browser }) => {
    // The shortest claim window is a minute, and the pass happens on the server's clock.
    test.setTimeout(180_000);
    const admin = await signedIn(browser, 'StreamBoss');
    const call = await apiCalls(admin.page);
    const raffle = await call<Raffle>('post', '/api/admin/raffles', newRaffle(`Keyboard giveaway ${Date.now()}`, 1));
    await call('put', '/api/admin/featured/raffle', { id: raffle.id });
    const members = [await signedIn(browser, 'LuckyLuke'), await signedIn(browser, 'SpinQueen')];
    const ids: number[] = [];
    for (const m of members) {
      const memberCall = await apiCalls(m.page);
      ids.push(memberCall.userId!);
      await memberCall('post', `/api/r/raffles/${raffle.id}/enter`, { entry_type: 'passwordless' });
      await m.page.goto(`/raffles/${raffle.id}`);
      await expect(m.page.getByRole('heading', { level: 1, name: raffle.title })).toBeVisible();
    }
    const { url } = await call<IssuedOverlayToken>('post', '/api/admin/overlays/raffle/token');
    const overlayContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const overlay = await overlayContext.newPage();
    await overlay.goto(new URL(url).pathname + new URL(url).search);
    await expect(overlay.getByTestId('raffle-overlay')).toContainText(raffle.title);

    const drawn = await call<Raffle>('post', `/api/admin/raffles/${raffle.id}/draw`);
    const first = ids.indexOf(drawn.winners[0]!.id);
    const [winner, next] = [members[first]!, members[1 - first]!];
    const [winnerName, nextName] = [first === 0 ? 'luckyluke' : 'spinqueen', first === 0 ? 'spinqueen' : 'luckyluke'];
    await expect(overlay.getByTestId('raffle-winners')).toContainText(winnerName);
    await expect(winner.page.getByTestId('raffle-claim')).toBeVisible();

    // Nobody claims: when the minute is up the prize passes to the other entrant, on both open pages and the overlay.
    await expect(next.page.getByTestId('raffle-claim').getByRole('button', { name: 'Claim prize' })).toBeVisible({ timeout: 120_000 });
    await expect(winner.page.getByTestId('raffle-winners')).toContainText(nextName);
    await expect(winner.page.getByTestId('raffle-winners')).not.toContainText(winnerName);
    await expect(winner.page.getByTestId('raffle-claim')).toHaveCount(0);
    await expect(overlay.getByTestId('raffle-winners')).toContainText(nextName);
    await expect(overlay.getByTestId('raffle-winners')).not.toContainText(winnerName);

    await overlayContext.close();
    for (const m of [admin, ...members]) await m.context.close();
  });
});
