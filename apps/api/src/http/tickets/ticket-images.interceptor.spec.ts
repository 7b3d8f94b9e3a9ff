import { isImageField } from './ticket-images.interceptor';

describe('ticket image field names', () => {
  it('accepts images, images[] and the indexes below the limit', () => {
    for (const name of ['images', 'images[]', 'images[0]', 'images[4]']) expect(isImageField(name, 5)).toBe(true);
    for (const name of ['images[0]', 'images[2]']) expect(isImageField(name, 3)).toBe(true);
  });

  it('refuses other names and indexes at or beyond the limit', () => {
    for (const name of ['image', 'images[5]', 'images[-1]', 'images[01x]', 'images[a]', 'files[0]', 'images[0][0]', ' images'])
      expect(isImageField(name, 5)).toBe(false);
    expect(isImageField('images[3]', 3)).toBe(false);
  });
});
