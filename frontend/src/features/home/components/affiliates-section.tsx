import type { Ref } from 'react';
import type { Affiliate } from '@kickback/contracts';
import { AffiliateCard } from './affiliate-card';

export const AFFILIATES_SECTION_ID = 'affiliates';

interface AffiliatesSectionProps {
  affiliates: Affiliate[];
  ref?: Ref<HTMLElement>;
}

export function AffiliatesSection({ affiliates, ref }: AffiliatesSectionProps) {
  return (
    <section ref={ref} id={AFFILIATES_SECTION_ID} className="home-section container" aria-labelledby="affiliates-title" tabIndex={-1}>
      <h2 id="affiliates-title" className="home-section__title">
        Our Partners
      </h2>
      <p className="home-section__lead">Sign up with a code below to support the stream and get the partner's welcome offers.</p>
      <div className="affiliates-grid">
        {affiliates.map((affiliate) => (
          <AffiliateCard key={affiliate.id} affiliate={affiliate} />
        ))}
      </div>
    </section>
  );
}
