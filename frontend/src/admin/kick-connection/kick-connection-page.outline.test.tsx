import { fireEvent, screen, within } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-polyfill';
import { screenOutline } from '../../test/screen-outline';
import KickConnectionPage from './kick-connection-page';
import { disconnected, connected } from '../../test/kick-connection-fixtures';
import * as outline from '../testing/outline-steps';

// What a person meets on the screen, recorded before its forms read the contract and compared since.
describe('Kick connection screen outline', () => {
  outline.freezeClockAt('2026-11-29T09:00:00.000Z');

  it('connected, the channel forms with an empty broadcaster id and a refused slug', async () => {
    mockFetch(({ url }) => {
      if (url === '/api/admin/kick-connection/channel')
        return {
          status: 422,
          body: { success: false, message: 'Kick knows no such channel.', errors: { slug: ['Kick knows no such channel.'] } },
        };
      if (url === '/api/admin/kick-connection') return { body: { success: true, data: connected } };
      return undefined;
    });
    outline.renderAsAdmin(<KickConnectionPage />);
    await screen.findByLabelText('Channel slug', {}, { timeout: 5000 });
    expect(screenOutline()).toMatchSnapshot('connected');
    const channel = within(screen.getByRole('region', { name: 'Channel' }));
    fireEvent.change(channel.getByLabelText('Broadcaster id'), { target: { value: '' } });
    fireEvent.click(channel.getByRole('button', { name: 'Save by broadcaster id' }));
    fireEvent.change(channel.getByLabelText('Channel slug'), { target: { value: 'nobody' } });
    fireEvent.click(channel.getByRole('button', { name: 'Save by slug' }));
    await channel.findByText('Kick knows no such channel.', {}, { timeout: 5000 });
    expect(screenOutline(screen.getByRole('region', { name: 'Channel' }))).toMatchSnapshot('slug refused');
  }, 30_000);

  it('disconnected, with a channel mismatch', async () => {
    mockFetch(({ url }) => (url === '/api/admin/kick-connection' ? { body: { success: true, data: disconnected } } : undefined));
    outline.renderAsAdmin(<KickConnectionPage />);
    await screen.findByLabelText('Channel slug', {}, { timeout: 5000 });
    expect(screenOutline()).toMatchSnapshot('disconnected');
  }, 30_000);
});
