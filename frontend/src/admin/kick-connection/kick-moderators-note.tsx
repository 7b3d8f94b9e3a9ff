import { Link } from 'react-router-dom';

/**
 * Kick's public API lists no channel moderators (no endpoint, no scope; a chat message only carries its sender's
 * badges), so the connection cannot offer them the site's moderator role: the streamer grants it by hand, and this
 * says where.
 */
export function KickModeratorsNote() {
  return (
    <section className="card admin-fieldset" aria-labelledby="kick-moderators">
      <h2 id="kick-moderators">Moderators</h2>
      <p className="field-hint" data-testid="kick-moderators-note">
        Kick gives apps no list of your channel&rsquo;s moderators (only a badge on the chat messages they send), so your Kick moderators
        cannot be listed here. To let one run Go live (raffles, hunts, tournaments, what is on stream) without the rest of the panel, open
        them in Users &amp; Points once they have logged in to the site and change their role to moderator.
      </p>
      <Link to="/users" className="button button--ghost">
        Users &amp; Points
      </Link>
    </section>
  );
}
