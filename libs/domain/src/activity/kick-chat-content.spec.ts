import { chatContent } from './kick-app.client';

/** No lone surrogate: every high surrogate is followed by a low one, and every low one preceded by a high one. */
const wellFormed = (text: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

describe('chatContent: a bot reply cut to Kick’s 500 characters never splits a surrogate pair', () => {
  it('keeps 500 whole code points when an emoji straddles the limit', () => {
    const text = `${'a'.repeat(499)}😀😀`;
    // A UTF-16 slice would keep half of the first emoji (a lone high surrogate).
    expect(wellFormed(text.slice(0, 500))).toBe(false);
    const cut = chatContent(text);
    expect(cut).toBe(`${'a'.repeat(499)}😀`);
    expect(Array.from(cut)).toHaveLength(500);
    expect(wellFormed(cut)).toBe(true);
  });

  it('leaves a short message alone and cuts a long all-emoji one at 500 code points', () => {
    expect(chatContent('gg 🎰')).toBe('gg 🎰');
    const cut = chatContent('🎰'.repeat(600));
    expect(cut).toBe('🎰'.repeat(500));
    expect(wellFormed(cut)).toBe(true);
  });
});

describe('chatContent: never half an emoji sequence', () => {
  it('drops a family emoji (a ZWJ sequence) whole when it would straddle the limit', () => {
    const family = '👨‍👩‍👧';
    const cut = chatContent(`${'a'.repeat(498)}${family}`);
    expect(cut).toBe('a'.repeat(498));
  });

  it('keeps a flag whole or not at all', () => {
    expect(chatContent(`${'a'.repeat(499)}🇩🇪`)).toBe('a'.repeat(499));
    expect(chatContent(`${'a'.repeat(498)}🇩🇪x`)).toBe(`${'a'.repeat(498)}🇩🇪`);
  });
});
