import { PageHeading } from '../../../components/ui/page-heading';

export default function LeaderboardPage() {
  return (
    <section className="page container">
      <PageHeading title="Leaderboard" lead="Top wagerers per partner platform, with prizes for this period." />
    </section>
  );
}
