import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SlotRequestRules } from '@kickback/contracts';
import { type MockAnswer } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SlotRequestRulesForm } from './slot-request-rules-form';
import { recordFetches } from '../testing/fetch-mocks';

const saved: SlotRequestRules = {
  open: true,
  price: 25,
  cooldown_seconds: 60,
  open_limit: 2,
  blocked_slot_ids: [7],
  blocked_provider_ids: [3],
  blocked_slots: [{ id: 7, name: 'Gates of Olympus', provider: 'Pragmatic Play' }],
  blocked_providers: [{ id: 3, name: 'Nolimit City' }],
};

function serve(answer: () => MockAnswer = () => ({ body: { success: true, data: saved } })) {
  const requests = recordFetches((request) => {
    if (request.url === '/api/admin/slot-requests/settings' && request.method === 'GET') return { body: { success: true, data: saved } };
    if (request.url === '/api/admin/slot-requests/settings' && request.method === 'PUT') return answer();
    if (request.url.startsWith('/api/admin/hunt-catalogue/slots?search='))
      return {
        body: { success: true, data: [{ id: 9, name: 'Sweet Bonanza', image_url: null, provider: { id: 2, name: 'Pragmatic Play' } }] },
      };
    if (request.url === '/api/admin/hunt-catalogue/providers')
      return {
        body: {
          success: true,
          data: [
            { id: 2, name: 'Pragmatic Play' },
            { id: 3, name: 'Nolimit City' },
            { id: 4, name: 'Hacksaw Gaming' },
          ],
        },
      };
    return undefined;
  });
  return requests;
}

describe('SlotRequestRulesForm', () => {
  it('edits price (0 allowed), cooldown, limit, open and both blocklists by name, and sends the contract with ids', async () => {
    const requests = serve();
    renderWithProviders(<SlotRequestRulesForm />, { user: adminFixture });
    const form = await screen.findByRole('form', { name: 'Request rules' });
    const blockedSlots = within(form).getByRole('list', { name: 'Blocked slots' });
    expect(blockedSlots).toHaveTextContent('Gates of Olympus');
    expect(within(form).getByRole('list', { name: 'Blocked providers' })).toHaveTextContent('Nolimit City');

    fireEvent.change(within(form).getByLabelText(/Price per request/), { target: { value: '0' } });
    fireEvent.change(within(form).getByLabelText(/Cooldown per member/), { target: { value: '120' } });
    fireEvent.change(within(form).getByLabelText(/Open requests per member/), { target: { value: '3' } });
    fireEvent.click(within(form).getByLabelText('Members may request slots (the queue is open)'));

    fireEvent.click(within(blockedSlots).getByRole('button', { name: 'Unblock Gates of Olympus' }));
    fireEvent.change(within(form).getByRole('searchbox', { name: 'Find a slot to block' }), { target: { value: 'sweet' } });
    fireEvent.click(await within(form).findByRole('button', { name: 'Add Sweet Bonanza' }));
    expect(within(form).getByRole('list', { name: 'Blocked slots' })).toHaveTextContent('Sweet Bonanza');

    const provider = within(form).getByLabelText('Provider to block');
    await within(provider as HTMLElement).findByRole('option', { name: 'Hacksaw Gaming' });
    // A blocked provider is not offered again.
    expect(within(provider as HTMLElement).queryByRole('option', { name: 'Nolimit City' })).not.toBeInTheDocument();
    fireEvent.change(provider, { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Block provider' }));

    fireEvent.click(within(form).getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(JSON.parse(requests.find((r) => r.method === 'PUT')!.body as string)).toEqual({
      open: false,
      price: 0,
      cooldown_seconds: 120,
      open_limit: 3,
      blocked_slot_ids: [9],
      blocked_provider_ids: [3, 4],
    });
  });

  it("refuses what the contract refuses before sending, with the contract's message under the field", async () => {
    const requests = serve();
    renderWithProviders(<SlotRequestRulesForm />, { user: adminFixture });
    const form = await screen.findByRole('form', { name: 'Request rules' });
    fireEvent.change(within(form).getByLabelText(/Price per request/), { target: { value: '2.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rules' }));
    expect(await within(form).findByText('Whole points only')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("shows the server's field errors under the inputs", async () => {
    serve(() => ({ status: 422, body: { success: false, message: 'Invalid input', errors: { open_limit: ['Too many'] } } }));
    renderWithProviders(<SlotRequestRulesForm />, { user: adminFixture });
    const form = await screen.findByRole('form', { name: 'Request rules' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rules' }));
    expect(await within(form).findByText('Too many')).toBeInTheDocument();
  });
});
