import { hostileTextPaths } from './hostile-text';

describe('hostileTextPaths', () => {
  it('names every string and key carrying NUL or a lone surrogate, by path', () => {
    expect(hostileTextPaths('a\0b')).toEqual(['_']);
    expect(hostileTextPaths({ ok: 'fine 🎰', bad: 'x\uD800', deep: { list: ['ok', 'y\uDC00'] } })!.sort()).toEqual(['bad', 'deep.list.1']);
    expect(hostileTextPaths({ 'key\0': 1 })).toEqual(['_']);
    expect(hostileTextPaths({ nested: { 'k\uDFFF': 1 } })).toEqual(['nested']);
  });

  it('accepts paired surrogates, RTL marks and ordinary text, numbers and nulls', () => {
    expect(hostileTextPaths({ a: '🎰🎲', b: '\u202Eevil', c: 'אבג', d: 1, e: null, f: [true] })).toEqual([]);
  });
});
