import type { ElementHandle, Page } from '@playwright/test';

/**
 * The server tsconfig (which also checks e2e/) has no DOM lib, so code run inside the page reaches the
 * browser globals through these narrow shapes instead of pulling DOM types into the server build.
 */
interface BrowserWindow {
  document: {
    documentElement: { scrollWidth: number; clientWidth: number; scrollHeight: number };
    visibilityState: string;
    dispatchEvent(event: unknown): boolean;
    querySelector(selector: string): { textContent: string | null } | null;
  };
  Event: new (type: string) => unknown;
  PopStateEvent: new (type: string, init: { state: null }) => unknown;
  history: { pushState(state: null, unused: string, url: string): void };
  dispatchEvent(event: unknown): boolean;
  scrollY: number;
  getComputedStyle(element: unknown): { getPropertyValue(name: string): string };
  navigator: { clipboard: { readText(): Promise<string> } };
  localStorage: { getItem(key: string): string | null };
  __APP__: {
    csrfToken: string;
    user: { username: string; role: string } | null;
    live: { is_live: boolean };
    friends: { pending_count: number } | null;
    affiliates: { name: string }[];
    leaderboard: unknown;
  };
}

/** A CSS custom property as the browser resolves it on <html>, where the theme is applied. */
export function rootCssVariable(page: Page, name: string): Promise<string> {
  return page.evaluate((property) => {
    const win = globalThis as unknown as BrowserWindow;
    return win.getComputedStyle(win.document.documentElement).getPropertyValue(property).trim();
  }, name);
}

export function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => (globalThis as unknown as BrowserWindow).navigator.clipboard.readText());
}

export function localStorageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => (globalThis as unknown as BrowserWindow).localStorage.getItem(k), key);
}

/** What the server injected into the page (window.__APP__). */
export function injectedPageData(page: Page): Promise<BrowserWindow['__APP__']> {
  return page.evaluate(() => (globalThis as unknown as BrowserWindow).__APP__);
}

/**
 * Makes the page report itself hidden or visible (document.visibilityState, document.hidden) and fires
 * 'visibilitychange', as a browser does when the tab goes to the background or comes back.
 */
export function emulateVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  return page.evaluate((wanted) => {
    const win = globalThis as unknown as BrowserWindow;
    Object.defineProperty(win.document, 'visibilityState', { configurable: true, get: () => wanted });
    Object.defineProperty(win.document, 'hidden', { configurable: true, get: () => wanted === 'hidden' });
    win.document.dispatchEvent(new win.Event('visibilitychange'));
  }, state);
}

export function visibilityState(page: Page): Promise<string> {
  return page.evaluate(() => (globalThis as unknown as BrowserWindow).document.visibilityState);
}

/** How far the window is scrolled down, in CSS pixels. */
export function windowScrollY(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as BrowserWindow).scrollY);
}

/** The page's full height, in CSS pixels. */
export function documentHeight(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as BrowserWindow).document.documentElement.scrollHeight);
}

/** How far the page reaches past the window's right edge (0 when nothing sticks out, so it cannot scroll sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = (globalThis as unknown as BrowserWindow).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

/** Moves the running app to `path` as a link of its router does: a history entry, then the popstate it listens to. */
export function navigateInApp(page: Page, path: string): Promise<void> {
  return page.evaluate((to) => {
    const win = globalThis as unknown as BrowserWindow;
    win.history.pushState(null, '', to);
    win.dispatchEvent(new win.PopStateEvent('popstate', { state: null }));
  }, path);
}

/** Whether the page's first heading is another element, or has another text, than `before` (read before a move). */
export function headingReplaced(page: Page, before: ElementHandle | null, beforeText: string | null): Promise<boolean> {
  return page.evaluate(
    ([old, text]) => {
      const heading = (globalThis as unknown as BrowserWindow).document.querySelector('h1');
      return heading !== null && (heading !== old || heading.textContent !== text);
    },
    [before, beforeText] as const,
  );
}
