import { avatarUrl } from '../../lib/format';

interface AvatarProps {
  user: { id?: number | null; avatar_url?: string | null; avatar?: string | null };
  name: string;
  size?: number;
  className?: string;
}

export function Avatar({ user, name, size = 40, className }: AvatarProps) {
  return (
    <img
      className={className ? `avatar ${className}` : 'avatar'}
      src={avatarUrl(user)}
      alt={`${name}'s avatar`}
      width={size}
      height={size}
      loading="lazy"
      style={{ borderRadius: '50%', objectFit: 'cover', width: size, height: size }}
    />
  );
}
