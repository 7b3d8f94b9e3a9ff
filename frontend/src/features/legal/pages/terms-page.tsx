import { NoCashValue, OfferNotice } from '../../../components/ui/offer-notice';
import { LegalDocument } from '../components/legal-document';

/** The admin's terms, then the standing lines: points have no cash value, the offers' terms and help, the country credit. */
export default function TermsPage() {
  return (
    <>
      <LegalDocument slug="terms" fallbackTitle="Terms of Service" />
      <section className="container legal__standing" aria-label="Points, offers and country data">
        <NoCashValue />
        <OfferNotice />
        <p className="field-hint">
          Offers follow the country your address suggests:{' '}
          <a href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
            IP geolocation by DB-IP
          </a>{' '}
          (CC BY 4.0).
        </p>
      </section>
    </>
  );
}
