import { Link } from 'react-router-dom';
import { QuickLinkIcon, type QuickLinkIconName } from './quick-link-icon';

const QUICK_LINKS = [
  { to: '/leaderboard', title: 'Leaderboard', text: 'See the top wagerers and the prizes up for grabs this period.', icon: 'trophy' },
  { to: '/bonus-hunts', title: 'Bonus Hunts', text: 'Follow the current hunt and predict the final balance.', icon: 'hunt' },
  { to: '/tournaments', title: 'Tournaments', text: 'Pick the winners of every slot battle in the bracket.', icon: 'bracket' },
  { to: '/raffles', title: 'Raffles', text: 'Enter giveaways for free, with points or with a stream password.', icon: 'ticket' },
  { to: '/store', title: 'Store', text: 'Spend the points you earn watching on real rewards.', icon: 'store' },
  { to: '/winners', title: 'Winners', text: 'Meet the latest community members who won big.', icon: 'star' },
] as const satisfies ReadonlyArray<{ to: string; title: string; text: string; icon: QuickLinkIconName }>;

export function QuickLinks() {
  return (
    <section className="home-section container" aria-labelledby="quick-links-title">
      <h2 id="quick-links-title" className="home-section__title">
        Explore
      </h2>
      <ul className="quick-links">
        {QUICK_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="quick-link card">
              <QuickLinkIcon name={link.icon} />
              <span className="quick-link__title">{link.title}</span>
              <span className="quick-link__text">{link.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
