import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * The API as the signed-in account behind `request` calls it, with its session's CSRF token: each call answers the
 * response's `data` and fails the test on a refusal. `userId` is the account's id (null for a visitor).
 */
export async function callsOn(request: APIRequestContext) {
  const session = (await (await request.get('/api/r/session')).json()) as { data: { csrfToken: string; user: { id: number } | null } };
  const headers = { 'x-csrf-token': session.data.csrfToken };
  const call = async <T>(method: Method, path: string, data?: unknown): Promise<T> => {
    const res = await request[method](path, { headers, data });
    expect(res.ok(), `${method.toUpperCase()} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  return Object.assign(call, { userId: session.data.user?.id ?? null });
}

/** The API calls of a signed-in page's account (its context's cookies). */
export const apiCalls = (page: Page) => callsOn(page.request);
