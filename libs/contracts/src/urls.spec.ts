import { imageRef, webUrl } from './urls';

describe('URL fields', () => {
  it('links accept http(s) only', () => {
    for (const ok of ['https://stake.com/?c=abc', 'http://localhost:4000/api']) expect(webUrl().safeParse(ok).success).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x',
      'file:///etc/passwd',
      'ftp://x.example',
      'stake.com',
      'https:/\\evil.example',
      'https://evil.example\\@kick.com',
      'https://kick.com/%2F%2Fevil.example',
      'https://kick.com/\t/x',
      'https://kick.com/a b',
      'https://kick.com/%0a',
    ])
      expect([bad, webUrl().safeParse(bad).success]).toEqual([bad, false]);
  });

  it('images are our uploads or https addresses', () => {
    for (const ok of ['/uploads/abc.webp', 'https://cdn.example/x.png']) expect(imageRef().safeParse(ok).success).toBe(true);
    for (const bad of [
      '//evil.example/x.png',
      'javascript:alert(1)',
      'http://plain.example/x.png',
      'data:image/png;base64,AA',
      'https://',
      '/\\host',
      '/%2F%2Fhost',
      '/%5chost',
      '/\t/evil.example/x.png',
      '/\n/evil.example/x.png',
      '/\u00a0/evil.example/x.png',
      'https://cdn.example/a\u2028b.png',
      '/%09/evil.example/x.png',
    ])
      expect([bad, imageRef().safeParse(bad).success]).toEqual([bad, false]);
  });
});
