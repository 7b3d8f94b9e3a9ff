import type { ReactElement } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { mockFetch, type MockHandler } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { screenOutline } from '../../test/screen-outline';

/**
 * The steps the admin screens' outline tests share. Each records what it shows under the snapshot name the screens
 * were first recorded with, so a walk written with them compares against the same recordings.
 */

/** Relative times ("3 h ago") read the same on every run; timers stay real, so RTK Query and the DOM still settle. */
export function freezeClockAt(iso: string) {
  beforeAll(() => {
    jest.useFakeTimers({
      now: new Date(iso),
      doNotFake: ['setTimeout', 'setInterval', 'queueMicrotask', 'nextTick', 'setImmediate'],
    });
  });
  afterAll(() => jest.useRealTimers());
}

/** Answers the list's GET with these rows, and nothing else. */
export const answerList =
  (path: string, data: unknown): MockHandler =>
  ({ url, method }) =>
    url === path && method === 'GET' ? { body: { success: true, data } } : undefined;

export const renderAsAdmin = (page: ReactElement) => renderWithProviders(page, { user: adminFixture });

export const clickButton = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

/** The screen as an admin first meets it: rendered, its rows arrived, recorded as "list". */
export async function recordList(page: ReactElement) {
  const rendered = renderAsAdmin(page);
  await screen.findAllByRole('row');
  expect(screenOutline()).toMatchSnapshot('list');
  return rendered;
}

/** The create form opened and sent empty: recorded once its first error shows. */
export async function recordNewFormErrors(add: string, submit: string, firstError: string) {
  clickButton(add);
  clickButton(submit);
  await screen.findByText(firstError);
  expect(screenOutline()).toMatchSnapshot('new form with errors');
}

/** A row's form opened by its Edit button, recorded (after closing the form that was open, if any). */
export function recordEditForm(row: string, snapshot = 'edit form', { cancelFirst = true } = {}) {
  if (cancelFirst) clickButton('Cancel');
  clickButton(`Edit ${row}`);
  expect(screenOutline()).toMatchSnapshot(snapshot);
}

/** A button that asks first: its confirmation dialog, recorded alone. */
export function recordConfirmation(button: string, snapshot: string) {
  clickButton(button);
  expect(screenOutline(screen.getByRole('dialog'))).toMatchSnapshot(snapshot);
}

/** The screen rendered afresh against a server that fails, recorded once it says so. */
export async function recordFailedList(page: ReactElement, failedText: string) {
  mockFetch(() => ({ status: 500, body: { success: false, message: 'boom' } }));
  renderAsAdmin(page);
  await screen.findByText(failedText);
  expect(screenOutline()).toMatchSnapshot('failed');
}

/** The list screens' second test: nothing to list, then a list that fails to load. */
export function itRecordsEmptyAndFailedLists(page: () => ReactElement, emptyText: string | RegExp, failedText: string) {
  it('empty and failed lists', async () => {
    mockFetch(() => ({ body: { success: true, data: [] } }));
    const { unmount } = renderAsAdmin(page());
    await screen.findByText(emptyText);
    expect(screenOutline()).toMatchSnapshot('empty');
    unmount();
    await recordFailedList(page(), failedText);
  });
}

interface CatalogueWalk {
  /** The list's answer. */
  answer: MockHandler;
  add: string;
  submit: string;
  /** The first error the empty form shows, awaited before recording. */
  firstError: string;
  /** The row whose edit form and removal are recorded. */
  row: string;
  remove: 'Delete' | 'Archive';
}

/** A plain catalogue's walk: the list, the empty create form refused, a row's edit form, then its removal asked. */
export function itRecordsCatalogueWalk(page: () => ReactElement, walk: CatalogueWalk) {
  const removal = `${walk.remove.toLowerCase()} confirmation`;
  it(`list, new form with its errors, edit form, ${removal}`, async () => {
    mockFetch(walk.answer);
    await recordList(page());
    await recordNewFormErrors(walk.add, walk.submit, walk.firstError);
    recordEditForm(walk.row);
    recordConfirmation(`${walk.remove} ${walk.row}`, removal);
  });
}
