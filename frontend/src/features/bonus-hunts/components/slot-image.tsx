/** The slot's artwork, or its initials on a tile when the catalogue has no image. */
export function SlotImage({ name, src }: { name: string; src: string | null }) {
  if (src) return <img className="hunt-slot__image" src={src} alt="" loading="lazy" />;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return (
    <span className="hunt-slot__image hunt-slot__image--placeholder" aria-hidden="true">
      {initials}
    </span>
  );
}
