import type { Page } from '@playwright/test';
import { expect, test, waitForShell } from './support/fixtures';
import { loginAs } from './support/session';

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const captchaImage = (page: Page) => page.getByAltText('Verification code image');

async function openContact(page: Page): Promise<void> {
  await page.goto('/contact');
  await waitForShell(page);
  await expect(captchaImage(page)).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
}

// A browser cannot read a captcha's answer (it never leaves the server), so these tests cover the
// form, the browser's own validation and the captcha reloads; a solved submit is covered by
// libs/domain/src/contact/contact.int-spec.ts.
test.describe('contact form', () => {
  test('requires every field before anything is sent', async ({ page }) => {
    await openContact(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/r/contact')) posts.push(request.url());
    });
    await expect(field(page, 'Name')).toHaveValue('');
    await expect(field(page, 'Email')).toHaveAttribute('type', 'email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await field(page, 'Name').evaluate((el) => (el as unknown as { validity: { valid: boolean } }).validity.valid)).toBe(false);

    await field(page, 'Name').fill('Ada');
    await field(page, 'Email').fill('not-an-email');
    await field(page, 'Subject').fill('Hello');
    await field(page, 'Message').fill('A question');
    await field(page, 'Verification code').fill('abcde');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await field(page, 'Email').evaluate((el) => (el as unknown as { validity: { valid: boolean } }).validity.valid)).toBe(false);
    expect(posts).toEqual([]);
  });

  test('Reload shows a new image, and a wrong code is refused under the field with a fresh captcha', async ({ page }) => {
    await openContact(page);
    const first = await captchaImage(page).getAttribute('src');
    await page.getByRole('button', { name: 'Load a new verification code' }).click();
    await expect(captchaImage(page)).not.toHaveAttribute('src', first ?? '');
    const second = await captchaImage(page).getAttribute('src');

    await field(page, 'Name').fill('Ada');
    await field(page, 'Email').fill('ada@example.com');
    await field(page, 'Subject').fill('Hello');
    await field(page, 'Message').fill('A question');
    // Five characters from a set without 0, 1, o, i and l can never be this.
    await field(page, 'Verification code').fill('00000');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(toasts(page).locator('[data-toast-type="error"]')).toContainText('The verification code is incorrect or expired.');
    await expect(field(page, 'Verification code')).toHaveAccessibleDescription('The verification code is incorrect or expired.');
    await expect(field(page, 'Verification code')).toHaveValue('');
    await expect(captchaImage(page)).not.toHaveAttribute('src', second ?? '');
    await expect(field(page, 'Subject')).toHaveValue('Hello');
  });

  test('prefills a member’s name and email', async ({ page }) => {
    await loginAs(page, 'LuckyLuke');
    const session = (await (await page.request.get('/api/r/session')).json()) as {
      data: { user: { name: string; username: string; email: string | null } };
    };
    await openContact(page);
    await expect(field(page, 'Name')).toHaveValue(session.data.user.name || session.data.user.username);
    await expect(field(page, 'Email')).toHaveValue(session.data.user.email ?? '');
  });
});
