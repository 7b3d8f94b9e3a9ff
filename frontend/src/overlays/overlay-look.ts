import type { OverlayLook, OverlaySettings } from '@kickback/contracts';

/** The stage's current look, and whoever needs its lines (the raffle's prize and how-to-enter) when it changes. */
export interface OverlayLookState {
  settings(): OverlaySettings;
  onChange(handler: (settings: OverlaySettings) => void): void;
}

const HIDE_PREFIX = 'ov-hide-';

/**
 * Lays the admin's settings onto the stage: place and size as CSS variables the panel rules read, theme colours,
 * and a class per hidden field. Only CSSOM and class changes, which the overlay page's CSP allows.
 */
export function applyLook(stage: HTMLElement, { settings, colours }: OverlayLook): void {
  const style = stage.style;
  style.setProperty('--ov-x', `${settings.x}px`);
  style.setProperty('--ov-y', `${settings.y}px`);
  style.setProperty('--ov-width', `${settings.width}px`);
  style.setProperty('--ov-scale', String(settings.scale));
  style.setProperty('--ov-opacity', String(settings.opacity));
  // 'default' falls back to the stylesheet's own colours.
  if (settings.accent === 'default') style.removeProperty('--ov-accent');
  else style.setProperty('--ov-accent', colours[settings.accent]);
  if (settings.panel === 'default') style.removeProperty('--ov-panel');
  else style.setProperty('--ov-panel', colours[settings.panel]);
  for (const name of [...stage.classList]) if (name.startsWith(HIDE_PREFIX)) stage.classList.remove(name);
  for (const field of settings.hidden) stage.classList.add(`${HIDE_PREFIX}${field}`);
  stage.classList.add('ov-placed');
}

/** Applies the page's look now and every look the admin saves later (overlay:settings, no reload). */
export function followLook(
  stage: HTMLElement,
  initial: OverlayLook,
  listen: (handler: (look: OverlayLook) => void) => void,
): OverlayLookState {
  let current = initial.settings;
  const handlers: ((settings: OverlaySettings) => void)[] = [];
  applyLook(stage, initial);
  listen((look) => {
    current = look.settings;
    applyLook(stage, look);
    for (const handler of handlers) handler(current);
  });
  return {
    settings: () => current,
    onChange: (handler) => void handlers.push(handler),
  };
}
