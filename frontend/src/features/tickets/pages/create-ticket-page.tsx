import { Link } from 'react-router-dom';
import { AuthRequired } from '../../../components/ui/auth-required';
import { PageHeading } from '../../../components/ui/page-heading';
import { useCurrentUser } from '../../../lib/session';
import { CreateTicketForm } from '../components/create-ticket-form';
import '../tickets.css';

export default function CreateTicketPage() {
  const user = useCurrentUser();
  if (!user) return <AuthRequired message="Please log in to create a support ticket." />;
  return (
    <section className="page container ticket-create">
      <Link to="/tickets">← Back to Tickets</Link>
      <PageHeading title="Create Ticket" lead="Tell us what happened and our support team will get back to you." />
      <CreateTicketForm />
    </section>
  );
}
