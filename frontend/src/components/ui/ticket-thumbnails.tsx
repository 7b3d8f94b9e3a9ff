import type { TicketImage } from '@kickback/contracts';

/** Private images load through the API with the session cookie; each opens full size in a new tab. */
export function TicketThumbnails({ images }: { images: TicketImage[] }) {
  if (!images.length) return null;
  return (
    <ul className="ticket-thumbs">
      {images.map((image) => (
        <li key={image.id}>
          <a href={image.url} target="_blank" rel="noopener noreferrer" title={image.filename}>
            <img src={image.url} alt={image.filename} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
