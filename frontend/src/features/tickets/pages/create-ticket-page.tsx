import { Link } from 'react-router-dom';
import { AuthRequired } from '../../../components/ui/auth-required';
import { PageHeading } from '../../../components/ui/page-heading';
import { useCurrentUser } from '../../../lib/session';

export default function CreateTicketPage() {
  const user = useCurrentUser();
  if (!user) return <AuthRequired message="Please log in to create a support ticket." />;
  return (
    <section className="page container">
      <Link to="/tickets">← Back to Tickets</Link>
      <PageHeading title="Create Ticket" />
    </section>
  );
}
