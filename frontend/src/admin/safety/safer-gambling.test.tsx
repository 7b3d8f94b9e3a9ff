import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SafetyOverview, SafetySettings } from '@kickback/contracts';
import type { AppStore } from '../../app/store';
import { failingUntilRecovered, mockFetch } from '../../test/fetch-polyfill';
import { recordFetches } from '../../test/fetch-mocks';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { EndBreakForm } from './end-break-form';
import { SafetyOverviewPanel } from './safety-overview';
import { SafetySettingsForm } from './safety-settings-form';

const toasts = (store: AppStore) => store.getState().toasts.items.map((t) => `${t.type}: ${t.message}`);

const overview = (over: Partial<SafetyOverview['today']> = {}): SafetyOverview => ({
  on_break: 3,
  until_asked: 1,
  confirmed_members: 40,
  today: { visitors: [], gate_yes: 0, gate_no: 0, ...over },
});

const settings: SafetySettings = {
  terms_line: '18+ · New customers only · T&Cs apply · Play responsibly',
  no_cash_value: 'Points have no cash value and cannot be exchanged for money.',
  default_help_name: 'Gambling Therapy',
  default_help_url: 'https://www.gamblingtherapy.org',
  min_age: 18,
};

/** Admin → Safer Gambling and Go live's counts (docs/responsible-gambling.md): counts only, the texts, ending a break. */
describe('Safer gambling admin', () => {
  it("the counts: today's visitors by country and how many the gate turned away, never who", async () => {
    mockFetch((r) =>
      r.url === '/api/admin/safety/overview'
        ? {
            body: {
              success: true,
              data: overview({
                visitors: [
                  { country: 'GB', count: 12 },
                  { country: '??', count: 2 },
                ],
                gate_yes: 9,
                gate_no: 4,
              }),
            },
          }
        : undefined,
    );
    renderWithProviders(<SafetyOverviewPanel />, { user: adminFixture });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the visitor counts...');
    const table = within(await screen.findByRole('table', { name: 'Visitors today by country' }));
    expect(table.getByRole('rowheader', { name: 'GB' }).closest('tr')).toHaveTextContent('GB12');
    expect(table.getByRole('rowheader', { name: 'Unknown' }).closest('tr')).toHaveTextContent('Unknown2');
    expect(screen.getByTestId('safety-overview')).toHaveTextContent(
      'Age question: 9 said yes, 4 turned away · 3 members on a break (1 until they ask) · 40 members confirmed their age',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('the counts: an empty day says so, and a failed load says it failed', async () => {
    mockFetch((r) => (r.url === '/api/admin/safety/overview' ? { body: { success: true, data: overview() } } : undefined));
    const { unmount } = renderWithProviders(<SafetyOverviewPanel />, { user: adminFixture });
    expect(await screen.findByText('No visitors counted yet today.')).toBeInTheDocument();
    unmount();
    failingUntilRecovered('/api/admin/safety/overview', () => ({ body: { success: true, data: overview() } }));
    renderWithProviders(<SafetyOverviewPanel />, { user: adminFixture });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the visitor counts.');
  });

  it('the texts and defaults: loads, saves what changed, and says when they could not be loaded', async () => {
    const requests = recordFetches((r) => {
      if (r.url === '/api/admin/safety/settings' && r.method === 'GET') return { body: { success: true, data: settings } };
      if (r.url === '/api/admin/safety/settings' && r.method === 'PUT')
        return { body: { success: true, data: { ...settings, terms_line: '18+ · T&Cs apply' } } };
      return undefined;
    });
    const { store, unmount } = renderWithProviders(<SafetySettingsForm />, { user: adminFixture });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the texts and defaults...');
    const terms = await screen.findByLabelText('Terms line beside every offer');
    expect(terms).toHaveValue(settings.terms_line);
    fireEvent.change(terms, { target: { value: '18+ · T&Cs apply' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Texts' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Safer gambling settings saved'));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toMatchObject({ terms_line: '18+ · T&Cs apply' });
    unmount();

    failingUntilRecovered('/api/admin/safety/settings', () => ({ body: { success: true, data: settings } }));
    renderWithProviders(<SafetySettingsForm />, { user: adminFixture });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the texts and defaults.');
  });

  it("ends an 'until I ask' break by the member's name, and shows the server's refusal of a timed one", async () => {
    const requests = recordFetches((r) => {
      if (r.url !== '/api/admin/safety/breaks/end') return undefined;
      const { username } = JSON.parse(String(r.body)) as { username: string };
      return username === 'anna'
        ? { body: { success: true, data: null, message: 'The break has ended.' } }
        : {
            status: 409,
            body: {
              success: false,
              message: 'Only a break set "until I ask an admin" can be ended by an admin; the others end on their own.',
            },
          };
    });
    const { store } = renderWithProviders(<EndBreakForm />, { user: adminFixture });
    const name = screen.getByLabelText("Member's username");
    expect(screen.getByRole('button', { name: 'End Break' })).toBeDisabled();
    fireEvent.change(name, { target: { value: ' anna ' } });
    fireEvent.click(screen.getByRole('button', { name: 'End Break' }));
    await waitFor(() => expect(toasts(store)).toContain("success: anna's break has ended"));
    expect(JSON.parse(String(requests[0]!.body))).toEqual({ username: 'anna' });
    expect(name).toHaveValue('');

    fireEvent.change(name, { target: { value: 'ben' } });
    fireEvent.click(screen.getByRole('button', { name: 'End Break' }));
    await waitFor(() =>
      expect(toasts(store)).toContain(
        'error: Only a break set "until I ask an admin" can be ended by an admin; the others end on their own.',
      ),
    );
  });
});
