import type { Affiliate } from '@kickback/contracts';
import { CopyCodeButton } from '../../../components/ui/copy-code-button';
import { OfferNotice } from '../../../components/ui/offer-notice';

export function AffiliateCard({ affiliate }: { affiliate: Affiliate }) {
  return (
    <article className="affiliate-card card" aria-labelledby={`affiliate-${affiliate.id}`}>
      <div className="affiliate-card__logo">
        {affiliate.logo_url ? (
          <img src={affiliate.logo_url} alt={`${affiliate.name} logo`} loading="lazy" />
        ) : (
          <span className="affiliate-card__initial" aria-hidden="true">
            {affiliate.name.charAt(0).toUpperCase()}
          </span>
        )}
      </div>
      <h3 id={`affiliate-${affiliate.id}`} className="affiliate-card__name">
        {affiliate.name}
      </h3>
      {affiliate.benefits.length > 0 && (
        <ul className="affiliate-card__benefits">
          {affiliate.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      )}
      <div className="affiliate-card__code">
        <span className="affiliate-card__code-label">Code</span>
        <code className="affiliate-card__code-value">{affiliate.code}</code>
        <CopyCodeButton code={affiliate.code} context={affiliate.name} />
      </div>
      <a
        className="button button--primary affiliate-card__cta"
        href={affiliate.redirect_url}
        target="_blank"
        rel="noopener noreferrer sponsored"
      >
        Sign Up at {affiliate.name}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <OfferNotice />
    </article>
  );
}
