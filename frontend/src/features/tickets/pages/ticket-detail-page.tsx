import { Link, useParams } from 'react-router-dom';
import { AuthRequired } from '../../../components/ui/auth-required';
import { PageHeading } from '../../../components/ui/page-heading';
import { useCurrentUser } from '../../../lib/session';

export default function TicketDetailPage() {
  const user = useCurrentUser();
  const { id } = useParams();
  if (!user) return <AuthRequired message="Please log in to view your support tickets." />;
  return (
    <section className="page container">
      <Link to="/tickets">← Back to Tickets</Link>
      <PageHeading title={`Ticket #${id ?? ''}`} />
    </section>
  );
}
