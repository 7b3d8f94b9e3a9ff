import { Link, useParams } from 'react-router-dom';
import { PageHeading } from '../../../components/ui/page-heading';

export default function TournamentDetailPage() {
  const { id } = useParams();
  return (
    <section className="page container">
      <Link to="/tournaments">← Back to Tournaments</Link>
      <PageHeading title={`Tournament #${id ?? ''}`} />
    </section>
  );
}
