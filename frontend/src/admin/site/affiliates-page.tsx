import type { AdminAffiliate, AffiliateInput } from '@kickback/contracts';
import { affiliateInputSchema } from '@kickback/contracts/api/site';
import { CataloguePage } from '../kit/catalogue-page';
import { linesField } from '../kit/list-fields';
import { type CatalogueResource, catalogueWords, formTexts, listTexts } from '../kit/resource';
import { affiliatesAdmin } from './admin-affiliates-api';
import { affiliateLogoField } from './affiliate-logo-field';
import { AffiliateMoveButtons } from './affiliate-move-buttons';
import { countryRuleField } from '../safety/country-rule-field';

/** The partners on the home page, in its order: list, move, create, edit and delete. */
const affiliates: CatalogueResource<AdminAffiliate, AffiliateInput> = {
  title: 'Affiliates',
  ...catalogueWords('Affiliate', 'updated', 'deleted'),
  endpoints: affiliatesAdmin,
  texts: listTexts('affiliates', 'No affiliates yet. Add the first partner above.', 'Affiliates in home page order'),
  columns: [
    { header: 'Order', cell: (affiliate) => <AffiliateMoveButtons affiliate={affiliate} /> },
    {
      header: 'Logo',
      cell: (affiliate) =>
        affiliate.logo_url ? <img className="admin-table__logo" src={affiliate.logo_url} alt={`${affiliate.name} logo`} /> : '—',
    },
    { header: 'Name', cell: (affiliate) => affiliate.name, rowHeader: true },
    { header: 'Code', cell: (affiliate) => <code>{affiliate.code}</code> },
    { header: 'Status', cell: (affiliate) => (affiliate.is_active ? 'Active' : 'Hidden') },
  ],
  form: {
    schema: affiliateInputSchema,
    layout: [
      ['name', { name: 'redirect_url', label: 'Referral link', type: 'url' }, 'code'],
      linesField({ name: 'benefits', label: 'Benefits', hint: 'One benefit per line, up to 10.', rows: 4 }),
      { name: 'logo_url', label: 'Logo', custom: affiliateLogoField },
      { name: 'is_active', label: 'Active (shown on the home page)' },
      { name: 'countries', label: 'Countries', custom: countryRuleField },
    ],
    texts: formTexts('Affiliate', (affiliate) => affiliate.name),
  },
  remove: {
    title: 'Delete affiliate?',
    message: (affiliate) => `${affiliate.name} and its code will be removed from the site. This cannot be undone.`,
  },
};

export default function AffiliatesPage() {
  return <CataloguePage resource={affiliates} />;
}
