import { Link } from 'react-router-dom';
import { AuthRequired } from '../../../components/ui/auth-required';
import { PageHeading } from '../../../components/ui/page-heading';
import { useCurrentUser } from '../../../lib/session';

export default function TicketsPage() {
  const user = useCurrentUser();
  if (!user) return <AuthRequired message="Please log in to view your support tickets." />;
  return (
    <section className="page container">
      <PageHeading title="Support Tickets" lead="Ask the team for help and follow your requests.">
        <Link to="/tickets/create" className="button button--primary">
          Create Ticket
        </Link>
      </PageHeading>
    </section>
  );
}
