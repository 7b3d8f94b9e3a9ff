import { screen } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch-polyfill';
import { viewerSafetyFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import TermsPage from '../pages/terms-page';
import { toParagraphs } from '../paragraphs';
import { LegalDocument } from './legal-document';

describe('legal pages', () => {
  it('splits the text into paragraphs on blank lines', () => {
    expect(toParagraphs('One\nstill one\n\n\nTwo\r\n\r\nThree  \n \n')).toEqual(['One\nstill one', 'Two', 'Three']);
  });

  it('renders the server text as plain paragraphs, never as markup', async () => {
    mockFetch((request) =>
      request.url === '/api/r/legal/terms'
        ? {
            body: {
              success: true,
              data: {
                slug: 'terms',
                title: 'Terms of Service',
                body: 'First rule.\n\n<img src=x onerror=alert(1)> second',
                updated_at: '2026-11-01T00:00:00Z',
              },
            },
          }
        : undefined,
    );
    const { container } = renderWithProviders(<LegalDocument slug="terms" fallbackTitle="Terms of Service" />);
    expect(await screen.findByText('First rule.')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)> second')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
  });

  it('keeps the title when the text cannot be loaded', async () => {
    mockFetch(() => ({ status: 500, body: { success: false, message: 'boom' } }));
    renderWithProviders(<LegalDocument slug="privacy" fallbackTitle="Privacy Policy" />);
    expect(await screen.findByText('This page could not be loaded. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
  });

  it("the terms page carries the points text, the offers' 18+, terms line and help link, and DB-IP's credit", async () => {
    mockFetch((request) =>
      request.url === '/api/r/legal/terms'
        ? {
            body: {
              success: true,
              data: { slug: 'terms', title: 'Terms of Service', body: 'First rule.', updated_at: '2026-11-01T00:00:00Z' },
            },
          }
        : undefined,
    );
    renderWithProviders(<TermsPage />, { safety: viewerSafetyFixture({ no_cash_value: 'Points are not money.' }) });
    expect(await screen.findByText('First rule.')).toBeInTheDocument();
    expect(screen.getByTestId('no-cash-value')).toHaveTextContent('Points are not money.');
    expect(screen.getByTestId('offer-notice')).toHaveTextContent('18+ 18+ · T&Cs apply');
    expect(screen.getByRole('link', { name: /BeGambleAware/ })).toHaveAttribute('href', 'https://www.begambleaware.org');
    expect(screen.getByRole('link', { name: 'IP geolocation by DB-IP' })).toHaveAttribute('href', 'https://db-ip.com');
  });
});
