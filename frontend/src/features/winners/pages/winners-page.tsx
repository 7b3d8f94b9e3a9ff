import { PageHeading } from '../../../components/ui/page-heading';

export default function WinnersPage() {
  return (
    <section className="page container">
      <PageHeading title="Recent Winners" />
    </section>
  );
}
