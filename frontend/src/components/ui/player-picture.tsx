import { defaultAvatarUrl } from '../../lib/format';

interface PlayerPictureProps {
  /** The player's Kick avatar, when the board has one. */
  avatar?: string | null;
  /** Picks the placeholder: the player's place. */
  seed: number;
  size: number;
  className?: string;
  /** Names the picture; without it the picture is decoration beside the name. */
  name?: string;
}

/** A ranked player's picture on a leaderboard, podium or race: their avatar, or a placeholder picked by their place. */
export function PlayerPicture({ avatar, seed, size, className, name }: PlayerPictureProps) {
  return (
    <img
      className={className}
      src={avatar ?? defaultAvatarUrl(seed)}
      alt={name ? `${name}'s avatar` : ''}
      width={size}
      height={size}
      loading="lazy"
    />
  );
}
