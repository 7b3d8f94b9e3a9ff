import { fireEvent, screen } from '@testing-library/react';
import { DEFAULT_OVERLAY_SETTINGS, overlaySettingsSchema } from '@kickback/contracts';
import { contractAnswer } from '../../test/contract-answer';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { screenOutline } from '../../test/screen-outline';
import { OverlaySettingsForm } from './overlay-settings-form';

// What a person meets on the form, recorded before it read the contract and compared since.
describe('Overlay settings form outline', () => {
  it('a raffle overlay: its settings, then the server refusing a panel off the stage', async () => {
    mockFetch(({ url, method, body }) =>
      url === '/api/admin/overlays/raffle/settings' && method === 'PUT' ? contractAnswer(overlaySettingsSchema, body) : undefined,
    );
    renderWithProviders(
      <OverlaySettingsForm kind="raffle" name="Raffle" settings={{ ...DEFAULT_OVERLAY_SETTINGS.raffle, hidden: ['verify'] }} />,
      {
        user: adminFixture,
      },
    );
    const form = screen.getByRole('form', { name: 'Raffle settings' });
    expect(screenOutline(form)).toMatchSnapshot('settings');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Left edge (px)' }), { target: { value: '1900' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Prize line' }), { target: { value: 'x'.repeat(121) } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Latest entrants' }));
    fireEvent.submit(form);
    await screen.findByText('The panel must fit on the 1920 px wide stage: move it left, narrow it or make it smaller.');
    expect(screenOutline(form)).toMatchSnapshot('refused');
  });

  it('a hunt overlay has no raffle lines', () => {
    renderWithProviders(<OverlaySettingsForm kind="hunt" name="Bonus hunt" settings={DEFAULT_OVERLAY_SETTINGS.hunt} />, {
      user: adminFixture,
    });
    expect(screenOutline(screen.getByRole('form'))).toMatchSnapshot('hunt');
  });
});
