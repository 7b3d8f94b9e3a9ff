import { useState } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';
import { TabList } from '../../../components/ui/tab-list';
import { useGetCurrentHuntQuery, useGetHuntHistoryQuery } from '../bonus-hunts-api';
import { CurrentHuntTab } from '../components/current-hunt-tab';
import { PredictionsTab } from '../components/predictions-tab';
import { PreviousHuntsTab } from '../components/previous-hunts-tab';
import '../bonus-hunts.css';

const TABS = [
  { id: 'current', label: 'Current Hunt' },
  { id: 'predictions', label: 'Predictions' },
  { id: 'previous', label: 'Previous Hunts' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export default function BonusHuntsPage() {
  const [tab, setTab] = useState<TabId>('current');
  const current = useGetCurrentHuntQuery();
  const huntId = current.data?.hunt?.id ?? null;
  // Without a running hunt the Predictions tab shows the last completed one (with accuracy).
  const latest = useGetHuntHistoryQuery(1, { skip: huntId !== null || tab !== 'predictions' });
  const predictionsHuntId = huntId ?? latest.data?.data[0]?.id ?? null;

  return (
    <section className="page container hunt-page">
      <PageHeading title="Bonus Hunt" />
      <TabList name="hunt" label="Bonus hunt views" tabs={TABS} selected={tab} onSelect={setTab} panel="each" look="underline" />
      <div role="tabpanel" id={`hunt-panel-${tab}`} aria-labelledby={`hunt-tab-${tab}`} className="hunt-panel">
        {tab === 'current' &&
          (current.isLoading ? (
            <p role="status" className="hunt-muted">
              Loading bonus hunt...
            </p>
          ) : (
            <CurrentHuntTab data={current.data} />
          ))}
        {tab === 'predictions' && <PredictionsTab key={predictionsHuntId ?? 'none'} huntId={predictionsHuntId} />}
        {tab === 'previous' && <PreviousHuntsTab />}
      </div>
    </section>
  );
}
