interface PlatformTabsProps {
  platforms: { name: string; slug: string }[];
  selected: string;
  onSelect: (slug: string) => void;
}

/** One tab per partner platform (SPEC §2 Leaderboard), shown even for a single platform so its name is always visible. */
export function PlatformTabs({ platforms, selected, onSelect }: PlatformTabsProps) {
  return (
    <div className="leaderboard-tabs" role="tablist" aria-label="Platforms">
      {platforms.map((platform) => (
        <button
          key={platform.slug}
          type="button"
          role="tab"
          id={`leaderboard-tab-${platform.slug}`}
          aria-selected={platform.slug === selected}
          aria-controls="leaderboard-panel"
          className={`leaderboard-tab${platform.slug === selected ? ' leaderboard-tab--on' : ''}`}
          onClick={() => onSelect(platform.slug)}
        >
          {platform.name}
        </button>
      ))}
    </div>
  );
}
