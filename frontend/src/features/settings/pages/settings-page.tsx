import { AuthRequired } from '../../../components/ui/auth-required';
import { PageHeading } from '../../../components/ui/page-heading';
import { useCurrentUser } from '../../../lib/session';

export default function SettingsPage() {
  const user = useCurrentUser();
  if (!user) return <AuthRequired message="Please log in to access your settings." />;
  return (
    <section className="page container">
      <PageHeading title="Settings" lead="Your profile, connected accounts and social links." />
    </section>
  );
}
