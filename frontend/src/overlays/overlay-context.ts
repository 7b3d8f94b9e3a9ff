import type { OverlayLive } from './overlay-socket';
import type { OverlayLookState } from './overlay-look';

/** What every overlay kind is mounted with. */
export interface OverlayContext {
  /** The 1920×1080 stage; everything outside the overlay's widgets stays transparent. */
  stage: HTMLElement;
  live: OverlayLive;
  token: string;
  /** The admin's settings, applied to the stage already; the raffle reads its lines from here. */
  look: OverlayLookState;
}
