import { textArrayLiteral } from './text-array-literal';

describe('textArrayLiteral', () => {
  it('quotes every element and escapes quotes and backslashes as PostgreSQL array literals do', () => {
    expect(textArrayLiteral(['a', 'quo"te', 'back\\slash', '', 'NULL', '{x,y}', '\u{1F600}'])).toBe(
      '{"a","quo\\"te","back\\\\slash","","NULL","{x,y}","\u{1F600}"}',
    );
    expect(textArrayLiteral([])).toBe('{}');
  });

  it('declines values JSON would escape differently: control characters and lone surrogates', () => {
    for (const value of ['tab\there', 'new\nline', '\u0001', '\ud800', 'x\udc00']) expect(textArrayLiteral(['plain', value])).toBeNull();
  });
});
