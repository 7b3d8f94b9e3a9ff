import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signedIn, signedInApi } from './support/signed-in';
import { openEmptySlotQueue } from './support/slot-queue';

const PRICE = 15;

const headerPoints = async (page: Page) => Number(((await page.getByTestId('member-points').textContent()) ?? '').replace(/[^0-9]/g, ''));

test.describe('slot requests on the site', () => {
  test('a member finds a slot as they type, requests it, and sees its place in the queue and the points charged', async ({ browser }) => {
    const adminApi = await signedInApi(browser, 'StreamBoss');
    const otherApi = await signedInApi(browser, 'SpinQueen');
    const tag = Date.now().toString(36);
    const slot = (name: string) =>
      adminApi.call<{ id: number }>('post', '/api/admin/slots', { name: `${name} ${tag}`, provider_name: `Queue Works ${tag}` });
    // The member's slot exists only in the catalogue: the picker finds it there.
    await slot('Pharaoh Requested');
    const earlier = await slot('Viking Earlier');

    // This test's own queue: emptied (everyone refunded), open at a price, and one request ahead of the member's.
    await openEmptySlotQueue(adminApi.call, PRICE);
    const ahead = await otherApi.call<{ request: { id: number } }>('post', '/api/r/slot-requests', { slot_id: earlier.id });

    const member = await signedIn(browser, 'LuckyLuke');
    const { page } = member;
    // Slots is in the site's navigation, under Stream.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Stream' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Slots' }).click();
    await expect(page).toHaveURL(/\/slots$/);
    await expect(page.getByTestId('slot-request-price')).toHaveText(`A request costs ${PRICE} points.`);
    const before = await headerPoints(page);

    const picker = page.getByRole('form', { name: 'Request a slot' });
    await picker
      .getByRole('searchbox', { name: 'Find a slot in the catalogue' })
      .pressSequentially(`pharaoh requested ${tag}`, { delay: 20 });
    await picker
      .getByRole('list', { name: 'Matching slots' })
      .getByRole('button', { name: `Pick Pharaoh Requested ${tag}` })
      .click();
    await picker.getByRole('button', { name: `Request Pharaoh Requested ${tag} for ${PRICE} points` }).click();
    await expect(picker.getByTestId('slot-request-answer')).toHaveText(
      `Your request is in the queue. Pharaoh Requested ${tag} is #2 in the queue; ${PRICE} points charged.`,
    );

    const mine = page.getByRole('table', { name: 'My slot requests, newest first' });
    const row = mine.getByRole('row', { name: new RegExp(`Pharaoh Requested ${tag}`) });
    await expect(row).toContainText('#2 in the queue');
    await expect(row).toContainText(`${PRICE} points`);
    await expect.poll(() => headerPoints(page)).toBe(before - PRICE);

    // The streamer skips the request ahead: the member's place moves up over the queue's push, without a reload.
    await adminApi.call('post', `/api/admin/slot-requests/${ahead.request.id}/skip`);
    await expect(row).toContainText('#1 in the queue');

    // Asking again for the same slot is refused with the server's own words.
    await picker.getByRole('searchbox', { name: 'Find a slot in the catalogue' }).fill(`pharaoh requested ${tag}`);
    await picker.getByRole('button', { name: `Pick Pharaoh Requested ${tag}` }).click();
    await picker.getByRole('button', { name: `Request Pharaoh Requested ${tag} for ${PRICE} points` }).click();
    await expect(picker.getByRole('alert')).toHaveText('You already asked for this slot; it is in the queue.');

    await adminApi.call('post', '/api/admin/slot-requests/clear');
    for (const c of [adminApi.context, otherApi.context, member.context]) await c.close();
  });
});
