import type { Page } from '@playwright/test';
import { injectedPageData } from './support/browser-globals';
import { expect, test, waitForShell } from './support/fixtures';

// A browser that was never asked: the age gate stands before every casino offer (docs/responsible-gambling.md).
test.use({ ageAnswer: null });

async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await waitForShell(page);
}

const partners = (page: Page) => page.getByRole('heading', { name: 'Our Partners' });

test.describe('the age gate', () => {
  test('"Yes" shows the offers, each with 18+, the terms line and a help link', async ({ page }) => {
    await openHome(page);
    const gate = page.getByTestId('age-gate');
    await expect(gate.getByRole('heading', { name: 'Are you 18 or older?' })).toBeVisible();
    await expect(partners(page)).toHaveCount(0);
    expect((await injectedPageData(page))?.affiliates).toEqual([]);
    // The footer carries the help link before any answer.
    await expect(page.getByTestId('footer-safety').getByRole('link', { name: /Gambling Therapy/ })).toBeVisible();

    await gate.getByRole('button', { name: 'Yes, I am 18 or older' }).click();
    await expect(partners(page)).toBeVisible();
    await expect(page.getByTestId('age-gate')).toHaveCount(0);
    const card = page.getByRole('article', { name: 'Roobet' });
    await expect(card.getByTestId('offer-notice')).toContainText('18+');
    await expect(card.getByTestId('offer-notice')).toContainText('T&Cs apply');
    await expect(card.getByRole('link', { name: /Gambling Therapy/ })).toHaveAttribute('href', 'https://www.gamblingtherapy.org');

    await page.goto('/leaderboard');
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: 'Roobet Leaderboard' })).toBeVisible();
    await expect(page.getByTestId('offer-notice').first()).toContainText('18+');
  });

  test('"No" leaves the non-gambling parts and the help links, never an offer', async ({ page }) => {
    await openHome(page);
    await page.getByTestId('age-gate').getByRole('button', { name: 'No', exact: true }).click();
    const hidden = page.getByTestId('gambling-hidden');
    await expect(hidden).toBeVisible();
    await expect(hidden.getByRole('link', { name: /Gambling Therapy/ })).toBeVisible();
    await expect(partners(page)).toHaveCount(0);
    const data = await injectedPageData(page);
    expect(data?.affiliates).toEqual([]);
    expect(data?.leaderboard).toBeNull();

    for (const path of ['/leaderboard', '/bonus-hunts', '/tournaments']) {
      await page.goto(path);
      await waitForShell(page);
      await expect(page.getByTestId('gambling-hidden')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Top three' })).toHaveCount(0);
    }
    // The rest of the site is still theirs.
    await page.goto('/raffles');
    await waitForShell(page);
    await expect(page.getByTestId('gambling-hidden')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
