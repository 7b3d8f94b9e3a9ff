import { Link, useParams } from 'react-router-dom';
import { PageHeading } from '../../../components/ui/page-heading';

export default function RaffleDetailPage() {
  const { id } = useParams();
  return (
    <section className="page container">
      <Link to="/raffles">← Back to Raffles</Link>
      <PageHeading title={`Raffle #${id ?? ''}`} />
    </section>
  );
}
