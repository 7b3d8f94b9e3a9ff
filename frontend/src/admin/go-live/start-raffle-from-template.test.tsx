import { fireEvent, screen, waitFor } from '@testing-library/react';
import { recordFetches } from '../../test/fetch-mocks';
import { adminFixture } from '../../test/fixtures';
import { template } from '../../test/raffle-template-fixtures';
import { renderWithProviders } from '../../test/render';
import { StartRaffleFromTemplate } from './start-raffle-from-template';

describe('Go live: start a raffle from a template', () => {
  it('shows what the template sets and starts a raffle with the title given (or the template name)', async () => {
    const subOnly = template(4, 'Sub-only stream giveaway', {
      followers_only: false,
      subscribers_only: true,
      min_level: null,
      min_account_age_days: null,
      min_watch_minutes: null,
      min_chat_messages: null,
      activity_days: null,
      exclude_winners_days: null,
      subscriber_multiplier: 2,
    });
    const calls = recordFetches((r) => {
      if (r.url === '/api/admin/raffle-templates')
        return { body: { success: true, data: [template(3, 'Weekly community raffle'), subOnly] } };
      if (r.url === '/api/admin/raffle-templates/4/start' && r.method === 'POST')
        return { status: 201, body: { success: true, message: 'Friday subs is taking entries.', data: { id: 9, title: 'Friday subs' } } };
      return undefined;
    });
    const { store } = renderWithProviders(<StartRaffleFromTemplate />, { user: adminFixture });
    const form = await screen.findByRole('form', { name: 'Start a raffle from a template' });
    expect(screen.getByTestId('go-live-template-summary')).toHaveTextContent(
      '$25 gift card (worth $25.00): 1 winner, open for 30 minutes.',
    );
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: '4' } });
    expect(screen.getByTestId('go-live-template-summary')).toHaveTextContent(
      "$25 gift card (worth $25.00): 1 winner, open for 30 minutes; Subscribers only; Subscribers' tickets count ×2.",
    );
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Friday subs' } });
    fireEvent.submit(form);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/raffle-templates/4/start')).toBe(true));
    const start = calls.find((c) => c.url === '/api/admin/raffle-templates/4/start')!;
    expect(JSON.parse(String(start.body))).toEqual({ title: 'Friday subs' });
    await waitFor(() =>
      expect(store.getState().toasts.items.map((t) => [t.type, t.message])).toContainEqual(['success', 'Friday subs is taking entries.']),
    );
  });
});
