/** The channel's Kick player; the slug comes from site settings and is lower-cased as the player expects. */
export function kickPlayerUrl(channelSlug: string): string {
  return `https://player.kick.com/${encodeURIComponent(channelSlug.trim().toLowerCase())}?autoplay=true&muted=true`;
}

export function LiveStream({ channelSlug }: { channelSlug: string }) {
  if (!channelSlug.trim()) return null;
  return (
    <section className="home-section container" aria-labelledby="live-stream-title">
      <h2 id="live-stream-title" className="home-section__title">
        Live Stream
      </h2>
      <div className="live-stream card">
        <iframe
          className="live-stream__player"
          src={kickPlayerUrl(channelSlug)}
          title={`${channelSlug} live stream on Kick`}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          loading="lazy"
        />
      </div>
    </section>
  );
}
