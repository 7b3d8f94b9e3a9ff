import type { AdminPlatform } from '@kickback/contracts';
import { errorMessage } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { useTestLeaderboardPlatformMutation } from './admin-leaderboard-api';
import { SmallButton } from '../kit/rows';

/** Asks the source for this period's players once and toasts the answer; every row's Test waits while one runs. */
export function PlatformTestButton({ platform }: { platform: AdminPlatform }) {
  const [test, testState] = useTestLeaderboardPlatformMutation({ fixedCacheKey: 'leaderboard-platform-test' });
  const toast = useToast();

  const run = async () => {
    try {
      const result = await test(platform.id).unwrap();
      if (result.ok) toast.success(`${platform.name}: connection works, ${result.entry_count} players this period`);
      else toast.error(`${platform.name}: ${result.error ?? 'connection failed'}`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to test the connection'));
    }
  };

  return (
    <SmallButton label={`Test ${platform.name}`} disabled={testState.isLoading} onClick={run}>
      Test
    </SmallButton>
  );
}
