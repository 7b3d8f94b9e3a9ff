import { PageHeading } from '../../../components/ui/page-heading';

export default function StorePage() {
  return (
    <section className="page container">
      <PageHeading title="Store" lead="Redeem the points you earn on the stream." />
    </section>
  );
}
