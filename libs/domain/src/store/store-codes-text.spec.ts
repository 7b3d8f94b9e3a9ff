import { HttpException } from '@nestjs/common';
import { storeCodesFrom } from './store-codes-text';

describe('pasted store codes', () => {
  it('reads codes one per line or as CSV, trimming quotes, blanks and repeats, in pasted order', async () => {
    expect(await storeCodesFrom('AAA-1\r\nBBB-2\n\n  CCC-3 ,"DDD-4";AAA-1\tEEE-5\n')).toEqual([
      'AAA-1',
      'BBB-2',
      'CCC-3',
      'DDD-4',
      'EEE-5',
    ]);
    expect(await storeCodesFrom(' \n , ;')).toEqual([]);
  });

  it('keeps a separator inside a quoted code and reads a spreadsheet export with a header-free column', async () => {
    expect(await storeCodesFrom('"GIFT,2026;A", "X-9"\r\n"say ""hi"""\n')).toEqual(['GIFT,2026;A', 'X-9', 'say "hi"']);
  });

  it('refuses an unterminated quote with a 422 naming the field', async () => {
    const refusal = (await storeCodesFrom('AAA,"BBB\n').catch((err: unknown) => err)) as HttpException;
    expect(refusal).toBeInstanceOf(HttpException);
    expect(refusal.getStatus()).toBe(422);
    expect(refusal.getResponse()).toMatchObject({
      success: false,
      errors: { codes: [expect.stringMatching(/^The codes could not be read as CSV/)] },
    });
  });
});
