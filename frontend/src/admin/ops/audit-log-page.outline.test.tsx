import { fireEvent, screen } from '@testing-library/react';
import type { AuditLogEntry } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { screenOutline } from '../../test/screen-outline';
import AuditLogPage from './audit-log-page';
import * as outline from '../testing/outline-steps';

const entries: AuditLogEntry[] = [
  {
    id: 2,
    actor: { id: 1, username: 'boss' },
    action: 'store_item.updated',
    entity: 'StoreItem',
    entity_id: '4',
    before: { price: 100 },
    after: { price: 150 },
    created_at: '2026-11-29T08:00:00.000Z',
  },
  {
    id: 1,
    actor: null,
    action: 'settings.seeded',
    entity: 'Settings',
    entity_id: null,
    before: null,
    after: null,
    created_at: '2026-11-27T09:00:00.000Z',
  },
];

const page = (data: AuditLogEntry[], current = 1, lastPage = 1) => ({
  body: { success: true, data, pagination: { current_page: current, last_page: lastPage, per_page: 25, total: data.length } },
});

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Audit Log screen outline', () => {
  outline.freezeClockAt('2026-11-29T09:00:00.000Z');

  it('list with paging, the next page, empty and failed', async () => {
    mockFetch(({ url }) => (url.includes('page=2') ? page([entries[1]!], 2, 2) : page([entries[0]!], 1, 2)));
    const { unmount } = await outline.recordList(<AuditLogPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    await screen.findByText('settings.seeded');
    expect(screenOutline()).toMatchSnapshot('page 2');
    unmount();

    mockFetch(() => page([]));
    const empty = outline.renderAsAdmin(<AuditLogPage />);
    await screen.findByText('No changes have been recorded yet.');
    expect(screenOutline()).toMatchSnapshot('empty');
    empty.unmount();

    await outline.recordFailedList(<AuditLogPage />, 'Failed to load the audit log.');
  });
});
