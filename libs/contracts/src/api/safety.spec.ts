import { breakEndsAt, countryAllows, countryRuleSchema, takeBreakSchema } from './safety';

describe('country rules', () => {
  it('shows an offer by its mode, and to an unknown country only when it is not an allow list', () => {
    const only = { mode: 'only' as const, countries: ['US'] };
    const except = { mode: 'except' as const, countries: ['GB'] };
    expect([countryAllows(only, 'US'), countryAllows(only, 'GB'), countryAllows(only, null)]).toEqual([true, false, false]);
    expect([countryAllows(except, 'US'), countryAllows(except, 'GB'), countryAllows(except, null)]).toEqual([true, false, true]);
    expect(countryAllows({ mode: 'everywhere', countries: [] }, null)).toBe(true);
  });

  it('keeps codes upper-case, sorted and once each; an allow or block list names at least one', () => {
    expect(countryRuleSchema.parse({ mode: 'except', countries: ['gb', 'DE', 'de'] })).toEqual({ mode: 'except', countries: ['DE', 'GB'] });
    expect(countryRuleSchema.safeParse({ mode: 'only', countries: [] }).success).toBe(false);
    expect(countryRuleSchema.safeParse({ mode: 'only', countries: ['GBR'] }).success).toBe(false);
    expect(countryRuleSchema.parse({ mode: 'everywhere' })).toEqual({ mode: 'everywhere', countries: [] });
  });
});

describe('breaks', () => {
  const from = new Date('2026-01-31T10:00:00.000Z');
  it('end after their length (six calendar months), or never on their own', () => {
    expect(breakEndsAt('24h', from)?.toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(breakEndsAt('7d', from)?.toISOString()).toBe('2026-02-07T10:00:00.000Z');
    expect(breakEndsAt('30d', from)?.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(breakEndsAt('6m', new Date('2026-03-15T00:00:00.000Z'))?.toISOString()).toBe('2026-09-15T00:00:00.000Z');
    expect(breakEndsAt('until_asked', from)).toBeNull();
  });

  it('start only with their confirmation', () => {
    expect(takeBreakSchema.safeParse({ period: '7d' }).success).toBe(false);
    expect(takeBreakSchema.safeParse({ period: '7d', confirm: false }).success).toBe(false);
    expect(takeBreakSchema.safeParse({ period: '7d', confirm: true }).success).toBe(true);
  });
});
