import type { LiveState } from '@kickback/contracts';
import { useCurrentUser } from '../../../lib/session';
import { useWatchHeartbeat } from '../../../lib/use-watch-heartbeat';

/** The channel's Kick player; the slug comes from site settings and is lower-cased as the player expects. */
export function kickPlayerUrl(channelSlug: string): string {
  return `https://player.kick.com/${encodeURIComponent(channelSlug.trim().toLowerCase())}?autoplay=true&muted=true`;
}

/** The player with the stream's state; while live, the title and category Kick last gave for it. */
export function LiveStream({ channelSlug, live }: { channelSlug: string; live: LiveState | undefined }) {
  const user = useCurrentUser();
  const isLive = live?.is_live === true;
  // Members earn watch points while this player shows a live stream and the page is visible.
  useWatchHeartbeat(isLive && user !== null && channelSlug.trim() !== '');
  if (!channelSlug.trim()) return null;
  return (
    <section className="home-section container" aria-labelledby="live-stream-title">
      <h2 id="live-stream-title" className="home-section__title">
        Live Stream
        {live && (
          <span className={isLive ? 'live-stream__status live-stream__status--live' : 'live-stream__status'} data-testid="home-live-status">
            {isLive ? 'LIVE' : 'Offline'}
          </span>
        )}
      </h2>
      {isLive && (live.title || live.category) && (
        <p className="live-stream__now" data-testid="home-live-now">
          {live.title && <span className="live-stream__title">{live.title}</span>}
          {live.category && <span className="live-stream__category">{live.category}</span>}
        </p>
      )}
      {isLive && user && <p className="live-stream__hint">Watching here while the stream is live earns you points.</p>}
      <div className="live-stream card">
        <iframe
          className="live-stream__player"
          src={kickPlayerUrl(channelSlug)}
          title={`${channelSlug} live stream on Kick`}
          allow="autoplay; fullscreen; picture-in-picture"
          loading="lazy"
        />
      </div>
    </section>
  );
}
