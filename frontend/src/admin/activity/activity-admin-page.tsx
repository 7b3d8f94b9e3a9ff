import { PageHeader } from '../../components/ui/page-header';
import { useGetActivityOverviewQuery, useGetActivityRulesQuery } from './admin-activity-api';
import { ActivityExclusions } from './activity-exclusions';
import { ActivityOverviewPanels } from './activity-overview';
import { ActivityRewards } from './activity-rewards';
import { ActivityRulesForm } from './activity-rules-form';
import { ActivitySubscriptions } from './activity-subscriptions';
import './activity-admin-page.css';
import { SmallButton, QueryLines } from '../kit/rows';

/** Earning on stream: what happened today, Kick's deliveries and subscriptions, and the rules that decide it. */
export default function ActivityAdminPage() {
  const overview = useGetActivityOverviewQuery();
  const rules = useGetActivityRulesQuery();
  return (
    <div className="admin-page activity-admin">
      <PageHeader title="Activity">
        <SmallButton onClick={() => void overview.refetch()}>Refresh</SmallButton>
      </PageHeader>
      <QueryLines query={overview} texts={{ loading: 'Loading activity...', error: 'Failed to load activity.' }} />
      {overview.data && (
        <>
          <ActivityOverviewPanels overview={overview.data} />
          <ActivitySubscriptions {...overview.data} />
        </>
      )}
      <QueryLines query={rules} texts={{ loading: 'Loading rules...', error: 'Failed to load the earning rules.' }} />
      {rules.data && <ActivityRulesForm key={JSON.stringify(rules.data)} rules={rules.data} />}
      <ActivityExclusions />
      <ActivityRewards />
    </div>
  );
}
