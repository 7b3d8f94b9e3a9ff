import { useState } from 'react';
import { avatarUrl, defaultAvatarUrl } from '../../lib/format';

interface AvatarProps {
  user: { id?: number | null; avatar_url?: string | null; avatar?: string | null };
  name: string;
  size?: number;
  className?: string;
}

export function Avatar({ user, name, size = 40, className }: AvatarProps) {
  // A stored picture that no longer loads (deleted upload, dead Kick CDN link) falls back to the member's placeholder.
  const [broken, setBroken] = useState(false);
  return (
    <img
      className={className ? `avatar ${className}` : 'avatar'}
      src={broken ? defaultAvatarUrl(user.id ?? 0) : avatarUrl(user)}
      alt={`${name}'s avatar`}
      width={size}
      height={size}
      loading="lazy"
      onError={() => setBroken(true)}
      style={{ borderRadius: '50%', objectFit: 'cover', width: size, height: size }}
    />
  );
}
