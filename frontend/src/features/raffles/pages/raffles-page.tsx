import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';

export default function RafflesPage() {
  return (
    <section className="page container">
      <PageHeading title="Raffles" lead="Enter giveaways for free, with points or with a stream password." />
      <EmptyState title="No Active Raffles" text="Check back later for exciting raffles and giveaways!" />
    </section>
  );
}
