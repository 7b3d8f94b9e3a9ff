import type { IssuedOverlayToken } from '@kickback/contracts';
import { expect, test } from './support/fixtures';
import { signedIn, signedInApi } from './support/signed-in';

test('the streamer opens a poll on Go live, two members vote, the overlay and the site count live, the streamer closes it', async ({
  browser,
}) => {
  const streamer = await signedIn(browser, 'StreamBoss');
  const admin = await signedInApi(browser, 'StreamBoss');
  // A poll left open by an earlier run of this file would hold the one open place.
  const left = await admin.call<{ id: number; status: string } | null>('get', '/api/admin/polls/current');
  if (left?.status === 'open') await admin.call('post', `/api/admin/polls/${left.id}/cancel`);

  const { url } = await admin.call<IssuedOverlayToken>('post', '/api/admin/overlays/poll/token');
  const overlayContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const overlay = await overlayContext.newPage();
  await overlay.goto(new URL(url).pathname + new URL(url).search);

  const question = `Which slot pays best tonight? ${Date.now().toString(36)}`;
  await streamer.page.goto('/admin-new/go-live');
  const panel = streamer.page.getByTestId('go-live-poll');
  await panel.getByLabel('Question').fill(question);
  await panel.getByLabel('Options (one a line, 2 to 10)').fill('Gates\nSugar\nDog House');
  await panel.getByLabel('Who votes').selectOption('members');
  await panel.getByRole('button', { name: 'Open poll' }).click();
  await expect(panel.getByTestId('go-live-poll-status')).toHaveText(`${question} — Voting open; 0 votes.`);

  // The overlay was opened before the poll: it learns of it from the push.
  await expect(overlay.getByTestId('poll-question')).toHaveText(question);
  await expect(overlay.getByTestId('poll-clock')).toHaveText('Vote now');

  const luke = await signedIn(browser, 'LuckyLuke');
  const queen = await signedIn(browser, 'SpinQueen');
  for (const member of [luke, queen]) {
    await member.page.goto('/polls');
    await expect(member.page.getByRole('heading', { name: question })).toBeVisible();
  }
  await luke.page.getByRole('button', { name: 'Vote Gates' }).click();
  await expect(luke.page.getByTestId('poll-option-0')).toHaveText('Gates (your vote)1 vote · 100%');
  await queen.page.getByRole('button', { name: 'Vote Sugar' }).click();

  // Everyone's screen follows without a reload: the other member's page, Go live and the overlay.
  await expect(luke.page.getByTestId('poll-option-1')).toHaveText('Sugar1 vote · 50%');
  await expect(luke.page.getByTestId('poll-status')).toHaveText('Voting open — 2 votes.');
  await expect(panel.getByTestId('go-live-poll-option-0')).toHaveText('Gates1 vote · 50%');
  await expect(overlay.getByTestId('poll-overlay-option-0')).toHaveText('Gates1 vote50%');
  await expect(overlay.getByTestId('poll-overlay-option-1')).toHaveText('Sugar1 vote50%');
  await expect(overlay.getByTestId('poll-overlay-option-2')).toHaveText('Dog House0 votes0%');

  // A changed vote moves the count, on every screen.
  await queen.page.getByRole('button', { name: 'Vote Gates' }).click();
  await expect(overlay.getByTestId('poll-overlay-option-0')).toHaveText('Gates2 votes100%');
  await expect(luke.page.getByTestId('poll-option-0')).toHaveText('Gates (your vote)2 votes · 100%');

  await panel.getByRole('button', { name: 'Close poll' }).click();
  await expect(panel.getByTestId('go-live-poll-status')).toHaveText(`${question} — Voting closed; 2 votes.`);
  await expect(overlay.getByTestId('poll-clock')).toHaveText('Voting closed');
  await expect(luke.page.getByTestId('poll-status')).toHaveText('Voting closed — 2 votes.');
  await expect(queen.page.getByRole('button', { name: 'Vote Sugar' })).toHaveCount(0);

  for (const context of [overlayContext, luke.context, queen.context, streamer.context, admin.context]) await context.close();
});
