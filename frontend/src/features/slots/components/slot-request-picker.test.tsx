import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SlotCatalogueItem } from '@kickback/contracts';
import { type MockAnswer } from '../../../test/fetch-polyfill';
import { recordFetches } from '../../../test/fetch-mocks';
import { memberFixture, viewerSafetyFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { slotFixture } from '../../../test/slot-fixtures';
import { SlotRequestPicker } from './slot-request-picker';

const slot = (id: number, name: string, provider: string): SlotCatalogueItem =>
  slotFixture({ id, name, provider: { id: id * 10, name: provider } });

const page = (data: SlotCatalogueItem[]) => ({
  body: { success: true, data, pagination: { current_page: 1, last_page: 1, per_page: 24, total: data.length } },
});

const queued: MockAnswer = {
  status: 201,
  body: {
    success: true,
    message: 'Someone asked for this slot already: you were added to that request and it moved up.',
    data: {
      merged: true,
      points_spent: 25,
      request: {
        id: 3,
        place: 2,
        slot: { id: 7, name: 'Gates of Olympus', provider: 'Pragmatic Play', image_url: null },
        requesters: ['ann', 'luke'],
        requesters_count: 2,
        created_at: '2026-11-29T09:00:00.000Z',
      },
    },
  },
};

function serve({ open = true, price = 25, answer }: { open?: boolean; price?: number; answer?: () => MockAnswer } = {}) {
  const requests = recordFetches((request) => {
    if (request.url === '/api/r/slot-requests' && request.method === 'GET')
      return { body: { success: true, data: { queue: [], open, price } } };
    if (request.url.startsWith('/api/r/slots?')) {
      const search = new URL(request.url, 'http://x').searchParams.get('search') ?? '';
      const catalogue = [slot(7, 'Gates of Olympus', 'Pragmatic Play'), slot(8, 'Gates of Olympus 1000', 'Pragmatic Play')];
      return page(catalogue.filter((s) => s.name.toLowerCase().includes(search.toLowerCase())));
    }
    if (request.url === '/api/r/slot-requests' && request.method === 'POST') return answer?.() ?? queued;
    return undefined;
  });
  return requests;
}

async function pickGates() {
  fireEvent.change(await screen.findByRole('searchbox', { name: 'Find a slot in the catalogue' }), { target: { value: 'gates' } });
  const matches = await screen.findByRole('list', { name: 'Matching slots' });
  await within(matches).findByRole('button', { name: 'Pick Gates of Olympus' });
  fireEvent.click(within(matches).getByRole('button', { name: 'Pick Gates of Olympus' }));
}

describe('SlotRequestPicker', () => {
  it('invites an anonymous visitor to log in instead of showing the picker', async () => {
    serve();
    renderWithProviders(<SlotRequestPicker />, { user: null, route: '/slots' });
    expect(await screen.findByTestId('login-cta')).toHaveAttribute('href', expect.stringContaining('/login'));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('searches the catalogue as the member types, and requests the slot picked by its id at the shown price', async () => {
    const requests = serve();
    renderWithProviders(<SlotRequestPicker />, { user: memberFixture, route: '/slots' });
    expect(await screen.findByTestId('slot-request-price')).toHaveTextContent('A request costs 25 points.');

    await pickGates();
    const search = requests.find((r) => r.url.startsWith('/api/r/slots?'))!;
    expect(search.url).toBe('/api/r/slots?sort=name&search=gates');
    expect(screen.getByTestId('slot-request-picked')).toHaveTextContent('Gates of Olympus');
    // No free text: once a slot is picked the search box is gone until "Change".
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Request Gates of Olympus for 25 points' }));
    expect(await screen.findByTestId('slot-request-answer')).toHaveTextContent(
      'Someone asked for this slot already: you were added to that request and it moved up. Gates of Olympus is #2 in the queue; 25 points charged.',
    );
    const post = requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(post.body as string)).toEqual({ slot_id: 7 });
  });

  it.each([
    ['cooldown', 429, 'Wait 42 s before your next request.'],
    ['open limit', 409, 'You have 2 open requests; wait until one is played.'],
    ['blocked slot', 422, 'That slot cannot be requested.'],
    ['blocked provider', 422, "That provider's slots cannot be requested."],
    ['queue closed', 409, 'Slot requests are closed right now.'],
    ['not enough points', 422, 'You do not have enough points for a request.'],
  ])('shows the refusal for %s as the server words it, and keeps the pick', async (_rule, status, message) => {
    serve({ answer: () => ({ status, body: { success: false, message, errors: {} } }) });
    renderWithProviders(<SlotRequestPicker />, { user: memberFixture, route: '/slots' });
    await pickGates();
    fireEvent.click(screen.getByRole('button', { name: /^Request Gates of Olympus/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByTestId('slot-request-picked')).toHaveTextContent('Gates of Olympus');
  });

  it('says a request is free when the price is 0', async () => {
    serve({ price: 0 });
    renderWithProviders(<SlotRequestPicker />, { user: memberFixture, route: '/slots' });
    expect(await screen.findByTestId('slot-request-price')).toHaveTextContent('Requests are free.');
    await pickGates();
    expect(screen.getByRole('button', { name: 'Request Gates of Olympus (free)' })).toBeEnabled();
  });

  it('picks the first match on Enter, and asks for the request as a second step', async () => {
    const requests = serve();
    renderWithProviders(<SlotRequestPicker />, { user: memberFixture, route: '/slots' });
    const box = await screen.findByRole('searchbox', { name: 'Find a slot in the catalogue' });
    fireEvent.change(box, { target: { value: 'gates' } });
    await screen.findByRole('button', { name: 'Pick Gates of Olympus' });
    fireEvent.submit(box);
    expect(screen.getByTestId('slot-request-picked')).toHaveTextContent('Gates of Olympus');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('says so when requests are closed, without a search box', async () => {
    serve({ open: false });
    renderWithProviders(<SlotRequestPicker />, { user: memberFixture, route: '/slots' });
    expect(await screen.findByRole('status')).toHaveTextContent('Slot requests are closed right now.');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('says when nothing in the catalogue matches what was typed', async () => {
    serve();
    renderWithProviders(<SlotRequestPicker />, { user: memberFixture, route: '/slots' });
    fireEvent.change(await screen.findByRole('searchbox'), { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByText('No slot in the catalogue matches “zzz”.')).toBeInTheDocument());
  });

  it('tells a member on a break that requests are not available, in the words the server refuses them with', async () => {
    serve();
    const safety = viewerSafetyFixture({
      break: { period: '24h', started_at: '2026-11-29T08:00:00.000Z', ends_at: '2026-11-30T08:00:00.000Z' },
    });
    renderWithProviders(<SlotRequestPicker />, { user: memberFixture, safety });
    expect(await screen.findByText('Slot requests are not available to your account.')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
