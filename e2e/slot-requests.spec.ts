import type { IssuedOverlayToken, MySlotRequest } from '@kickback/contracts';
import { expect, test } from './support/fixtures';
import { signedIn, signedInApi } from './support/signed-in';
import { openEmptySlotQueue } from './support/slot-queue';

const PRICE = 5;

test('members request slots, the next-up overlay follows live, and the streamer works the queue on Go live', async ({ browser }) => {
  const admin = await signedIn(browser, 'StreamBoss');
  const boss = await signedInApi(browser, 'StreamBoss');
  const tag = Date.now().toString(36);
  const slot = async (name: string) =>
    (await boss.call<{ id: number }>('post', '/api/admin/slots', { name: `${name} ${tag}`, provider_name: `Queue Games ${tag}` })).id;
  const [wanted, gates, sugar, dog] = [await slot('Wanted'), await slot('Gates'), await slot('Sugar'), await slot('Dog House')];
  await openEmptySlotQueue(boss.call, PRICE);

  const [luke, maria, nick] = await Promise.all([
    signedInApi(browser, 'LuckyLuke'),
    signedInApi(browser, 'SpinQueen'),
    signedInApi(browser, 'NoKickNick'),
  ]);
  const ask = (member: typeof luke, slotId: number) => member.call('post', '/api/r/slot-requests', { slot_id: slotId });
  await ask(luke, gates);
  await ask(luke, wanted);
  // A second requester merges into Wanted's request and moves it up.
  await ask(maria, wanted);

  const { url } = await boss.call<IssuedOverlayToken>('post', '/api/admin/overlays/next-up/token');
  const overlayContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const overlay = await overlayContext.newPage();
  await overlay.goto(new URL(url).pathname + new URL(url).search);
  const rows = overlay.getByTestId('next-up-rows').getByRole('listitem');
  await expect(rows).toHaveText([new RegExp(`^1Wanted ${tag}.*LuckyLuke, SpinQueen$`, 'i'), new RegExp(`^2Gates ${tag}.*LuckyLuke$`, 'i')]);
  await expect(overlay.getByTestId('next-up-total')).toHaveText('2 in queue');

  // A new request shows on the overlay from its push; a fourth waits below the three shown.
  await ask(nick, sugar);
  await expect(rows).toHaveText([/^1Wanted/, /^2Gates/, new RegExp(`^3Sugar ${tag}.*NoKickNick$`, 'i')]);
  await ask(maria, dog);
  await expect(overlay.getByTestId('next-up-total')).toHaveText('4 in queue');
  await expect(rows).toHaveCount(3);

  await admin.page.goto('/admin-new/go-live');
  const panel = admin.page.getByRole('region', { name: 'Slot requests' });
  const requests = panel.getByTestId('go-live-slot-request');
  await expect(requests).toHaveCount(4);
  await expect(requests.first()).toContainText(`1. Wanted ${tag}`);
  await expect(requests.first()).toContainText(/2 requesters: LuckyLuke, SpinQueen/i);
  await expect(panel.getByTestId('go-live-slot-requests-summary')).toHaveText('Requests are open; 4 requests in the queue.');

  // Played with its bet and win: the overlay moves on from the push.
  await panel.getByLabel(`Bet on Wanted ${tag} (optional)`).fill('2.5');
  await panel.getByLabel(`Win on Wanted ${tag} (optional)`).fill('100');
  await panel.getByRole('button', { name: `Played Wanted ${tag}` }).click();
  await expect(rows).toHaveText([/^1Gates/, /^2Sugar/, new RegExp(`^3Dog House ${tag}.*SpinQueen$`, 'i')]);
  await expect(requests).toHaveCount(3);

  // Skipped: Luke's points for Gates come back.
  await panel.getByRole('button', { name: `Skip Gates ${tag}` }).click();
  await expect(rows).toHaveText([/^1Sugar/, /^2Dog House/]);
  const lukes = await luke.call<MySlotRequest[]>('get', '/api/r/slot-requests/mine');
  expect(lukes.find((r) => r.slot.id === gates)).toMatchObject({ status: 'skipped', refunded: true, points: PRICE });
  expect(lukes.find((r) => r.slot.id === wanted)).toMatchObject({ status: 'played', refunded: false });

  // Clear queue asks first, naming the points that go back.
  await expect(requests).toHaveCount(2);
  await panel.getByRole('button', { name: 'Clear queue' }).click();
  const dialog = admin.page.getByRole('dialog');
  await expect(dialog).toContainText(`2 requests will be removed and ${2 * PRICE} points refunded to the requesters.`);
  await dialog.getByRole('button', { name: 'Clear queue' }).click();
  await expect(overlay.getByTestId('next-up-empty')).toHaveText('No slot requested yet.');
  await expect(panel.getByText('No slot requested yet.')).toBeVisible();
  const nicks = await nick.call<MySlotRequest[]>('get', '/api/r/slot-requests/mine');
  expect(nicks.find((r) => r.slot.id === sugar)).toMatchObject({ status: 'cleared', refunded: true });

  // The played result is in the slot's figures once the worker has it (never computed on the read).
  await expect
    .poll(
      async () =>
        (await boss.call<{ figures: { times_opened: number; biggest_win: number | null } }>('get', `/api/r/slots/${wanted}`)).figures,
      {
        timeout: 15_000,
      },
    )
    .toMatchObject({ times_opened: 1, biggest_win: 100 });

  await boss.call('put', '/api/admin/slot-requests/settings', { open: false });
  await Promise.all([overlayContext, admin.context, boss.context, luke.context, maria.context, nick.context].map((c) => c.close()));
});
