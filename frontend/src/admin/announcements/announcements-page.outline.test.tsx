import { fireEvent, screen } from '@testing-library/react';
import { deliveries, hooks } from '../../test/announcement-fixtures';
import { mockFetch } from '../../test/fetch-polyfill';
import { screenOutline } from '../../test/screen-outline';
import AnnouncementsPage from './announcements-page';
import * as outline from '../testing/outline-steps';

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Announcements screen outline', () => {
  outline.freezeClockAt('2026-11-29T09:00:00.000Z');

  it('list, new forms with their errors, edit form, delete confirmation, the log panels', async () => {
    mockFetch(({ url, method }) => {
      if (url === '/api/admin/announcements' && method === 'GET') return { body: { success: true, data: hooks } };
      if (url === '/api/admin/announcements/1/deliveries') return { body: { success: true, data: deliveries } };
      if (url === '/api/admin/announcements/2/deliveries') return { body: { success: true, data: [] } };
      return undefined;
    });
    await outline.recordList(<AnnouncementsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Hook' }));
    const form = screen.getByRole('form', { name: 'New Hook' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add Hook' }).find((button) => form.contains(button))!);
    await screen.findByText('Pick at least one event.');
    expect(screenOutline()).toMatchSnapshot('new Discord hook with errors');
    fireEvent.change(screen.getByLabelText('Where to'), { target: { value: 'webhook' } });
    expect(screenOutline(form)).toMatchSnapshot('new webhook form');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Stream deck' }));
    expect(screenOutline()).toMatchSnapshot('edit form');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delivery log of Stream deck' }));
    await screen.findByText('Live now');
    expect(screenOutline()).toMatchSnapshot('webhook log with its signing secret');
    fireEvent.click(screen.getByRole('button', { name: 'Delivery log of Raffles channel' }));
    await screen.findByText(/Nothing sent yet/);
    expect(screenOutline()).toMatchSnapshot('empty Discord log');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Raffles channel' }));
    expect(screenOutline(screen.getByRole('dialog'))).toMatchSnapshot('delete confirmation');
  });

  outline.itRecordsEmptyAndFailedLists(() => <AnnouncementsPage />, /No hooks yet/, 'Failed to load the hooks.');
});
