import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';

export default function TournamentsPage() {
  return (
    <section className="page container">
      <PageHeading title="Tournaments" lead="Predict the winners of every slot battle in the bracket." />
      <EmptyState title="No Tournaments Found" />
    </section>
  );
}
