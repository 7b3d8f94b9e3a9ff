import { fireEvent, screen } from '@testing-library/react';
import type { AdminContactMessage } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { screenOutline } from '../../test/screen-outline';
import ContactMessagesPage from './contact-messages-page';
import * as outline from '../testing/outline-steps';

const messages: AdminContactMessage[] = [
  {
    id: 2,
    name: 'Sender 2',
    email: 'sender2@example.com',
    subject: 'Prize question',
    message: 'When is the draw?',
    status: 'new',
    user: { id: 9, username: 'luke' },
    created_at: '2026-11-29T08:00:00.000Z',
  },
  {
    id: 1,
    name: 'Sender 1',
    email: 'sender1@example.com',
    subject: 'Hi',
    message: 'Hello',
    status: 'archived',
    user: null,
    created_at: '2026-11-28T08:00:00.000Z',
  },
];

const page = (data: AdminContactMessage[], lastPage = 1) => ({
  body: { success: true, data, pagination: { current_page: 1, last_page: lastPage, per_page: 25, total: data.length }, new_total: 1 },
});

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Messages screen outline', () => {
  outline.freezeClockAt('2026-11-29T09:00:00.000Z');

  it('list with paging, a filter, empty and failed', async () => {
    mockFetch(({ url }) => (url.includes('status=all') ? page(messages, 2) : page([])));
    const { unmount } = await outline.recordList(<ContactMessagesPage />);
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'read' } });
    await screen.findByText('No messages here.');
    expect(screenOutline()).toMatchSnapshot('filtered to nothing');
    unmount();
    await outline.recordFailedList(<ContactMessagesPage />, 'Failed to load messages.');
  });
});
