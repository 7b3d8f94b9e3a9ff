import type { AdminBadge, BadgeInput } from '@kickback/contracts';
import { badgeInputSchema } from '@kickback/contracts/api/progression';
import { formatNumber } from '../../lib/format';
import { CataloguePage } from '../kit/catalogue-page';
import { type CatalogueResource, catalogueWords, formTexts, listTexts } from '../kit/resource';
import { badgesAdmin } from './admin-progression-api';
import { ProgressionName, ruleField, ruleLabel } from './rule-fields';

/** The badges catalogue: badges with a rule are granted by the worker, the others by admins on a member's page. */
const badges: CatalogueResource<AdminBadge, BadgeInput> = {
  title: 'Badges',
  ...catalogueWords('Badge', 'updated', 'deleted'),
  endpoints: badgesAdmin,
  texts: listTexts('badges', 'No badges yet.', 'Badges catalogue'),
  columns: [
    { header: 'Badge', cell: (item) => <ProgressionName item={item} fallbackIcon="🏅" />, rowHeader: true },
    { header: 'Granted', cell: (item) => ruleLabel(item.rule) },
    { header: 'Holders', cell: (item) => formatNumber(item.holders_count) },
  ],
  form: {
    schema: badgeInputSchema,
    layout: [
      ['name', { name: 'icon', label: 'Icon', hint: 'An emoji, e.g. ⭐' }],
      { name: 'description', label: 'Description', hint: "Shown as the badge's tooltip on profiles." },
      { name: 'rule', label: 'Rule', custom: ruleField('badge-rule', true) },
    ],
    texts: formTexts('Badge', (item) => item.name),
  },
  remove: {
    title: 'Delete badge?',
    message: (item) =>
      `${item.name} will be removed from the catalogue and from the ${formatNumber(item.holders_count)} members who hold it.`,
  },
};

export default function BadgesAdminPage() {
  return <CataloguePage resource={badges} />;
}
