import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SAFETY_MESSAGES } from '@kickback/contracts/safety-texts';
import { failingUntilRecovered } from '../../test/fetch-polyfill';
import { recordFetches } from '../../test/fetch-mocks';
import { viewerSafetyFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AgeGate } from './age-gate';

jest.mock('../../lib/http', () => ({ ...jest.requireActual('../../lib/http'), reloadPage: jest.fn() }));
const { reloadPage } = jest.requireMock('../../lib/http') as { reloadPage: jest.Mock };

const gated = <AgeGate>{<h1>Bonus Hunts</h1>}</AgeGate>;

/** The gate in front of gambling pages (docs/responsible-gambling.md): the page only after a "Yes", and no break. */
describe('AgeGate', () => {
  beforeEach(() => reloadPage.mockReset());

  it('asks the age of the viewer’s country, sends the answer and reloads the page; the page stays hidden meanwhile', async () => {
    const requests = recordFetches((r) => {
      return r.url === '/api/r/safety/age' ? { body: { success: true, data: viewerSafetyFixture() } } : undefined;
    });
    renderWithProviders(gated, { safety: viewerSafetyFixture({ gate: 'unanswered', offers: false, min_age: 21, country: 'US' }) });
    expect(screen.getByRole('heading', { name: 'Are you 21 or older?' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Bonus Hunts' })).toBeNull();
    expect(screen.getByRole('link', { name: /BeGambleAware/ })).toHaveAttribute('href', 'https://www.begambleaware.org');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, I am 21 or older' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(JSON.parse(String(requests[0]!.body))).toEqual({ answer: 'yes' });
  });

  it('shows the page after a "Yes"', () => {
    renderWithProviders(gated, { safety: viewerSafetyFixture() });
    expect(screen.getByRole('heading', { name: 'Bonus Hunts' })).toBeInTheDocument();
  });

  it('after a "No": the help link instead of the page, never the question again', () => {
    renderWithProviders(gated, { safety: viewerSafetyFixture({ gate: 'declined', offers: false }) });
    const hidden = screen.getByTestId('gambling-hidden');
    expect(hidden).toHaveTextContent(SAFETY_MESSAGES.ageDeclined);
    expect(screen.getByRole('link', { name: /BeGambleAware/ })).toBeInTheDocument();
    expect(screen.queryByTestId('age-gate')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Bonus Hunts' })).toBeNull();
  });

  it('during a break: says so and when it ends, even though the age was confirmed', () => {
    const ends = '2026-12-01T10:00:00.000Z';
    renderWithProviders(gated, {
      safety: viewerSafetyFixture({ offers: false, break: { period: '7d', started_at: '2026-11-24T10:00:00.000Z', ends_at: ends } }),
    });
    expect(screen.getByRole('heading', { name: 'You are taking a break' })).toBeInTheDocument();
    expect(screen.getByTestId('gambling-hidden')).toHaveTextContent(SAFETY_MESSAGES.onBreak);
    expect(screen.getByText(`Your break ends on ${new Date(ends).toLocaleString()}.`)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Bonus Hunts' })).toBeNull();
  });

  it('while the standing loads it says so, and when it fails it offers to try again; the page is never shown meanwhile', async () => {
    const server = failingUntilRecovered('/api/r/safety', () => ({ body: { success: true, data: viewerSafetyFixture() } }));
    renderWithProviders(gated);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('alert')).toHaveTextContent(SAFETY_MESSAGES.standingFailed);
    expect(screen.queryByRole('heading', { name: 'Bonus Hunts' })).toBeNull();
    server.recover();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Bonus Hunts' })).toBeInTheDocument();
  });
});
