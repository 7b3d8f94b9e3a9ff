/** An achievement's icon is an emoji or short text chosen by the admin; decorative next to its name. */
export function AchievementIcon({ icon }: { icon: string | null }) {
  return (
    <span className="profile-achievement__icon" aria-hidden="true">
      {icon || '🏆'}
    </span>
  );
}
