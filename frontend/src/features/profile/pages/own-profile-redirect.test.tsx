import { screen } from '@testing-library/react';
import { fullPageLoad } from '../../../lib/http';
import { memberFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import OwnProfileRedirect from './own-profile-redirect';

jest.mock('../../../lib/http', () => ({ fullPageLoad: jest.fn() }));

describe('/profile', () => {
  it('sends a member to their own profile', async () => {
    renderWithProviders(<OwnProfileRedirect />, {
      path: '/profile',
      route: '/profile',
      user: memberFixture,
      extraRoutes: [{ path: '/profile/:username', element: <p>profile page</p> }],
    });
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(fullPageLoad).not.toHaveBeenCalled();
  });

  it('sends a visitor to the login page (a full page load)', () => {
    renderWithProviders(<OwnProfileRedirect />, { path: '/profile', route: '/profile', user: null });
    expect(screen.getByRole('status')).toHaveTextContent('Redirecting to login...');
    expect(fullPageLoad).toHaveBeenCalledWith('/login', true);
  });
});
