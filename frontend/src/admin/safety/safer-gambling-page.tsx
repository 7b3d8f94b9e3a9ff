import type { AdminSafetyCountry, SafetyCountryInput } from '@kickback/contracts';
import { safetyCountryInputSchema } from '@kickback/contracts/api/safety';
import { CataloguePage } from '../kit/catalogue-page';
import { type CatalogueResource, listTexts, formTexts } from '../kit/resource';
import { safetyCountriesAdmin } from './admin-safety-api';
import { EndBreakForm } from './end-break-form';
import { SafetyOverviewPanel } from './safety-overview';
import { SafetySettingsForm } from './safety-settings-form';

/**
 * Safer gambling (docs/responsible-gambling.md): each country's own age and help link, the worldwide texts and
 * defaults, today's counts, the streamer's records and ending an "until I ask" break.
 */
const countries: CatalogueResource<AdminSafetyCountry, SafetyCountryInput> = {
  title: 'Safer Gambling',
  addLabel: 'Add Country',
  header: () => (
    <p className="page-lead">
      Each country listed asks its own age and shows its own help link beside offers; every other country gets the defaults below.{' '}
      <a href="/api/admin/safety/records.csv" download>
        Download age confirmations and breaks (CSV)
      </a>
    </p>
  ),
  endpoints: safetyCountriesAdmin,
  name: (row) => row.country,
  texts: listTexts(
    'countries',
    'No country has its own rules yet; every viewer gets the defaults.',
    'Countries with their own age and help link',
  ),
  toasts: { saved: 'updated', removed: 'removed', saveFailed: 'Failed to save country', removeFailed: 'Failed to remove country' },
  columns: [
    { header: 'Country', cell: (row) => row.country, rowHeader: true },
    { header: 'Age asked', cell: (row) => `${row.min_age}+` },
    {
      header: 'Help link',
      cell: (row) => (
        <a href={row.help_url} target="_blank" rel="noopener noreferrer">
          {row.help_name}
        </a>
      ),
    },
  ],
  form: {
    schema: safetyCountryInputSchema,
    layout: [
      [
        { name: 'country', label: 'Country code', hint: 'Two letters, e.g. GB' },
        { name: 'min_age', label: 'Age asked' },
      ],
      [
        { name: 'help_name', label: 'Help service' },
        { name: 'help_url', label: 'Help link', type: 'url' },
      ],
    ],
    texts: formTexts('Country', (row) => row.country, 'Add'),
  },
  remove: {
    label: 'Remove',
    title: 'Remove country?',
    message: (row) => `Viewers in ${row.country} will be asked the default age and shown the default help link.`,
  },
  footer: (
    <>
      <SafetySettingsForm />
      <SafetyOverviewPanel />
      <EndBreakForm />
    </>
  ),
};

export default function SaferGamblingPage() {
  return <CataloguePage resource={countries} />;
}
