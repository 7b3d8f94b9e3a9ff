import { chatContent } from './kick-app.client';

describe('chatContent (Kick caps a chat message at 500 characters)', () => {
  it('keeps a short reply as it is', () => {
    expect(chatContent('@viewer you have 1,234 points.')).toBe('@viewer you have 1,234 points.');
  });

  it('cuts by code point: the emoji at the limit stays whole, where cutting UTF-16 units leaves a lone surrogate', () => {
    const reply = `${'a'.repeat(499)}😀😀`;
    const cut = chatContent(reply);
    expect(Array.from(cut)).toHaveLength(500);
    expect(cut.endsWith('😀')).toBe(true);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(reply.slice(0, 500)).toMatch(/[\uD800-\uDBFF]$/);
  });
});
