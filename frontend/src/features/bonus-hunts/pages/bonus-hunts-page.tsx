import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';

export default function BonusHuntsPage() {
  return (
    <section className="page container">
      <PageHeading title="Bonus Hunt" />
      <EmptyState title="No Active Hunt" text="Check back later for the next bonus hunt!" />
    </section>
  );
}
