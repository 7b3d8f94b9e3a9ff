import { AccountDeletion } from './account-deletion';
import { AccountExport } from './account-export';

/** "Your data": the member's archive and account deletion, below the settings tabs. */
export function AccountDataSection({ username }: { username: string }) {
  return (
    <section className="card account-data" aria-labelledby="account-data-title">
      <h2 id="account-data-title">Your data</h2>
      <AccountExport />
      <AccountDeletion username={username} />
    </section>
  );
}
