import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The admin session's CSRF header, which every state change below needs. */
async function csrfHeaders(admin: Page): Promise<Record<string, string>> {
  const { data } = (await (await admin.request.get('/api/r/session')).json()) as { data: { csrfToken: string } };
  return { 'x-csrf-token': data.csrfToken };
}

/**
 * Creates a free-entry raffle through the admin API on the admin's page, open from a minute ago for `endsInMs`;
 * `extra` adds fields of the admin form (entry rules, …).
 */
export async function createRaffle(admin: Page, title: string, endsInMs = 3_600_000, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await admin.request.post('/api/admin/raffles', {
    headers: await csrfHeaders(admin),
    data: {
      title,
      description: 'Browser test raffle',
      start_datetime: new Date(Date.now() - 60_000).toISOString(),
      end_datetime: new Date(Date.now() + endsInMs).toISOString(),
      number_of_winners: 1,
      ...extra,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/**
 * Moves a raffle's end to `inMs` from now through the admin API, which reschedules its delayed draw. Tests let a
 * raffle end this way once they are done entering, so a slow host never sees it end before the entries.
 */
export async function endRaffleIn(admin: Page, id: number, inMs: number): Promise<void> {
  const res = await admin.request.put(`/api/admin/raffles/${id}`, {
    headers: await csrfHeaders(admin),
    data: { end_datetime: new Date(Date.now() + inMs).toISOString() },
  });
  expect(res.status()).toBe(200);
}

/** Cancels a raffle through the admin API, for tests that leave no extra open raffle behind. */
export async function cancelRaffle(admin: Page, id: number): Promise<void> {
  const res = await admin.request.post(`/api/admin/raffles/${id}/cancel`, { headers: await csrfHeaders(admin) });
  expect(res.status()).toBe(200);
}
