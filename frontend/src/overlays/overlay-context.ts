import type { OverlayLive } from './overlay-socket';

/** What every overlay kind is mounted with. */
export interface OverlayContext {
  /** The 1920×1080 stage; everything outside the overlay's widgets stays transparent. */
  stage: HTMLElement;
  live: OverlayLive;
  token: string;
}
