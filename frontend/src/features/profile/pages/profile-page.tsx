import { useParams } from 'react-router-dom';
import { PageHeading } from '../../../components/ui/page-heading';

export default function ProfilePage() {
  const { username = '' } = useParams();
  return (
    <section className="page container">
      <PageHeading title={username} lead={`@${username}`} />
    </section>
  );
}
