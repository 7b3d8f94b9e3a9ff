import type { Browser, BrowserContext } from '@playwright/test';
import type { AdminHuntDetail, AdminHuntListItem } from '@kickback/contracts';
import { answerAgeGate } from './fixtures';
import { signedInApi } from './signed-in';

/**
 * A running hunt as viewers meet it mid-stream: unopened bonuses and members' predictions. Files that start and finish
 * hunts of their own (hunt phases, results, moderators) share the server with files that need one, and only one hunt
 * runs at a time; so a test that needs this state makes sure of it through the API instead of relying on file order.
 */
export async function ensureViewerHunt(browser: Browser): Promise<AdminHuntDetail> {
  const admin = await signedInApi(browser, 'StreamBoss');
  try {
    const running = (await admin.call<AdminHuntListItem[]>('get', '/api/admin/bonus-hunts?page=1')).find((h) => h.status !== 'completed');
    if (running) {
      const detail = await admin.call<AdminHuntDetail>('get', `/api/admin/bonus-hunts/${running.id}`);
      if (detail.predictions_count > 0 && detail.games.some((g) => !g.opened)) return detail;
      const slots = await admin.call<{ id: number }[]>('get', '/api/admin/hunt-catalogue/slots?search=');
      // A hunt completes with at least one bonus, every one opened.
      if (detail.games.length === 0)
        await admin.call('post', `/api/admin/bonus-hunts/${running.id}/games`, { slot_id: slots[0]!.id, bet: '2' });
      const games = (await admin.call<AdminHuntDetail>('get', `/api/admin/bonus-hunts/${running.id}`)).games;
      for (const game of games.filter((g) => !g.opened))
        await admin.call('put', `/api/admin/bonus-hunts/${running.id}/games/${game.id}`, { win: '40' });
      await admin.call('post', `/api/admin/bonus-hunts/${running.id}/status`, { status: 'completed' });
    }
    const hunt = await admin.call<AdminHuntDetail>('post', '/api/admin/bonus-hunts', {
      name: `Viewers' Hunt ${Date.now()}`,
      starting_balance: '800',
      open_predictions: true,
    });
    const slots = await admin.call<{ id: number; name: string }[]>('get', '/api/admin/hunt-catalogue/slots?search=');
    for (const slot of slots.slice(0, 4))
      await admin.call('post', `/api/admin/bonus-hunts/${hunt.id}/games`, { slot_id: slot.id, bet: '2' });
    // The predictions' push reaches the hunt's room a moment after they are saved; a page that records what a viewer
    // receives must open after it, so this waits for it on a page of its own that is in the room first.
    const watcher = await huntPushWatcher(browser, '"predictions_count":2');
    for (const [member, end] of [
      ['LuckyLuke', '650.00'],
      ['SpinQueen', '900.00'],
    ] as const) {
      const api = await signedInApi(browser, member);
      await api.call('post', `/api/r/bonus-hunts/${hunt.id}/predict`, {
        end_balance: end,
        highest_multiplier: '150',
        highest_multiplier_game: slots[0]!.name,
      });
      await api.context.close();
    }
    await watcher.pushed;
    await watcher.context.close();
    return await admin.call<AdminHuntDetail>('get', `/api/admin/bonus-hunts/${hunt.id}`);
  } finally {
    await admin.context.close();
  }
}

/**
 * The same hunt already opening: one bonus opened, others still to open. The first win moves a hunt from collecting to
 * opening, which is a status change of its own; a test that records what one more win makes a viewer's page do starts
 * here, after that change's push has reached the hunt's room (a page of its own in the room waits for it).
 */
export async function ensureOpeningHunt(browser: Browser): Promise<AdminHuntDetail> {
  const hunt = await ensureViewerHunt(browser);
  if (hunt.games.some((g) => g.opened)) return hunt;
  const admin = await signedInApi(browser, 'StreamBoss');
  const watcher = await huntPushWatcher(browser, '"status":"opening"');
  try {
    const first = hunt.games.find((g) => !g.opened)!;
    await admin.call('put', `/api/admin/bonus-hunts/${hunt.id}/games/${first.id}`, { win: '40' });
    await watcher.pushed;
    return await admin.call<AdminHuntDetail>('get', `/api/admin/bonus-hunts/${hunt.id}`);
  } finally {
    await watcher.context.close();
    await admin.context.close();
  }
}

/**
 * A viewer's page of its own, already in the hunt's room, whose `pushed` settles on the first 'hunt:updated' that
 * carries `fragment`: what comes before a recorded page opens must have reached the room first.
 */
async function huntPushWatcher(browser: Browser, fragment: string): Promise<{ context: BrowserContext; pushed: Promise<void> }> {
  const context = await browser.newContext();
  await answerAgeGate(context);
  const page = await context.newPage();
  const pushed = new Promise<void>((resolve) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"hunt:updated"') && String(payload).includes(fragment)) resolve();
      }),
    ),
  );
  await page.goto('/bonus-hunts');
  await page.getByTestId('tile-winnings').waitFor();
  return { context, pushed };
}
