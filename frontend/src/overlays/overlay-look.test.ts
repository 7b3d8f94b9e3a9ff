import { DEFAULT_OVERLAY_SETTINGS, type OverlayLook, type OverlayThemeColours } from '@kickback/contracts';
import { followLook } from './overlay-look';

const colours: OverlayThemeColours = {
  primary_color: '#c66a35',
  secondary_color: '#223344',
  accent_color: '#ffcc00',
  nav_title_color: '#ffffff',
  card_background: '#111111',
  nav_background_color: '#000000',
  background_gradient_start: '#101020',
};

describe('overlay look', () => {
  it('places the panel, colours it from the theme and hides fields, and follows every saved look', () => {
    const stage = document.createElement('div');
    let push: (look: OverlayLook) => void = () => undefined;
    const state = followLook(stage, { settings: DEFAULT_OVERLAY_SETTINGS.raffle, colours }, (handler) => (push = handler));
    expect(stage.classList.contains('ov-placed')).toBe(true);
    expect(stage.style.getPropertyValue('--ov-x')).toBe('60px');
    expect(stage.style.getPropertyValue('--ov-y')).toBe('520px');
    expect(stage.style.getPropertyValue('--ov-accent')).toBe('');

    const seen: string[] = [];
    state.onChange((settings) => seen.push(settings.how_to_enter));
    push({
      settings: {
        ...DEFAULT_OVERLAY_SETTINGS.raffle,
        x: 1300,
        y: 40,
        width: 500,
        scale: 1.2,
        accent: 'accent_color',
        panel: 'card_background',
        opacity: 0.5,
        hidden: ['entrants', 'verify'],
        how_to_enter: 'Type !join in chat',
      },
      colours,
    });
    expect(stage.style.getPropertyValue('--ov-x')).toBe('1300px');
    expect(stage.style.getPropertyValue('--ov-width')).toBe('500px');
    expect(stage.style.getPropertyValue('--ov-scale')).toBe('1.2');
    expect(stage.style.getPropertyValue('--ov-accent')).toBe('#ffcc00');
    expect(stage.style.getPropertyValue('--ov-panel')).toBe('#111111');
    expect(stage.style.getPropertyValue('--ov-opacity')).toBe('0.5');
    expect([...stage.classList].filter((c) => c.startsWith('ov-hide-'))).toEqual(['ov-hide-entrants', 'ov-hide-verify']);
    expect(state.settings().how_to_enter).toBe('Type !join in chat');
    expect(seen).toEqual(['Type !join in chat']);

    // Back to the defaults: the fields show again and the stylesheet's colours return.
    push({ settings: DEFAULT_OVERLAY_SETTINGS.raffle, colours });
    expect([...stage.classList].filter((c) => c.startsWith('ov-hide-'))).toEqual([]);
    expect(stage.style.getPropertyValue('--ov-accent')).toBe('');
  });
});
