import type { AdminPlatform, PlatformInput } from '@kickback/contracts';
import { formatRelativeTime } from '../../lib/format';
import { CataloguePage } from '../kit/catalogue-page';
import { type CatalogueResource, catalogueWords, listTexts } from '../kit/resource';
import { platformsAdmin } from './admin-leaderboard-api';
import { LeaderboardCsvImport } from './leaderboard-csv-import';
import { LeaderboardFetchHistory } from './leaderboard-fetch-history';
import { LeaderboardPlatformForm } from './leaderboard-platform-form';
import { PlatformTestButton } from './platform-test-button';

/**
 * The casinos on the leaderboard: list, create, edit, delete, test a connection, and a row's import and fetch history.
 * Its form is its own (the source decides which settings and which secret it asks for), validated by the contract.
 */
const platforms: CatalogueResource<AdminPlatform, PlatformInput> = {
  title: 'Leaderboard',
  ...catalogueWords('Platform', 'saved', 'deleted'),
  endpoints: platformsAdmin,
  // The table has never had a caption: its row headers name the platforms.
  texts: listTexts('platforms', 'No platforms yet. Add the first casino above.', ''),
  columns: [
    { header: 'Order', cell: (platform) => platform.display_order },
    {
      header: 'Name',
      rowHeader: true,
      cell: (platform) => (
        <>
          {platform.name} <code>{platform.slug}</code>
        </>
      ),
    },
    {
      header: 'Source',
      cell: (platform) => (
        <>
          {platform.source_type}
          {platform.source_type !== 'manual_csv' && <div className="field-hint">credentials: {platform.credentials}</div>}
        </>
      ),
    },
    { header: 'Period', cell: (platform) => platform.period_type },
    {
      header: 'Status',
      cell: (platform) => (
        <>
          {platform.is_active ? 'Active' : 'Hidden'}
          {platform.last_error && (
            <div className="field-error" title={platform.last_error}>
              Last fetch failed
            </div>
          )}
        </>
      ),
    },
    { header: 'Last updated', cell: (platform) => (platform.last_updated ? formatRelativeTime(platform.last_updated) : 'Never') },
  ],
  form: { own: (props) => <LeaderboardPlatformForm {...props} /> },
  remove: {
    title: 'Delete platform?',
    message: (platform) => `${platform.name}, its current standings and all past periods will be removed. This cannot be undone.`,
  },
  rowActions: (platform, kit) => {
    const manual = platform.source_type === 'manual_csv';
    return (
      <>
        <PlatformTestButton platform={platform} />
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => (kit.panelOpen(platform) ? kit.closePanel() : kit.openPanel(platform))}
          aria-expanded={kit.panelOpen(platform)}
          aria-label={`${manual ? 'Import and history' : 'History'} of ${platform.name}`}
        >
          {manual ? 'Import / History' : 'History'}
        </button>
      </>
    );
  },
  panel: (platform) => (
    <>
      {platform.source_type === 'manual_csv' && <LeaderboardCsvImport platform={platform} />}
      <LeaderboardFetchHistory platformId={platform.id} name={platform.name} />
    </>
  ),
};

export default function LeaderboardPlatformsPage() {
  return <CataloguePage resource={platforms} />;
}
