import { z } from 'zod';
import { slotRequestSettingsSchema } from '@kickback/contracts';
import { formFacts, inputFromDrafts } from './form-drafts';
import type { FormLayout } from './form-layout';

describe('inputFromDrafts: an emptied number box', () => {
  it('is left out of a partial update (the kept value), never sent as 0', () => {
    const layout: FormLayout = [{ name: 'price', label: 'Price' }];
    const input = inputFromDrafts(layout, formFacts(slotRequestSettingsSchema, layout), { price: ' ' });
    expect(input).toEqual({ price: undefined });
    expect(slotRequestSettingsSchema.parse(input)).toEqual({});
  });

  it("is the contract's 'Required' where the number must be given", () => {
    const schema = z.object({ points: z.number().int().min(0) }).strict();
    const layout: FormLayout = [{ name: 'points', label: 'Points' }];
    const result = schema.safeParse(inputFromDrafts(layout, formFacts(schema, layout), { points: '' }));
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['points'], message: 'Required' });
  });

  it("is 0 where 0 is refused, so the contract's minimum names the problem", () => {
    const schema = z.object({ cost: z.number().int().min(1, 'Cost must be at least 1') }).strict();
    const layout: FormLayout = [{ name: 'cost', label: 'Cost' }];
    const result = schema.safeParse(inputFromDrafts(layout, formFacts(schema, layout), { cost: '' }));
    expect(result.error!.issues[0]).toMatchObject({ path: ['cost'], message: 'Cost must be at least 1' });
  });

  it('still reads a typed number, 0 included', () => {
    const layout: FormLayout = [{ name: 'price', label: 'Price' }];
    expect(inputFromDrafts(layout, formFacts(slotRequestSettingsSchema, layout), { price: '0' })).toEqual({ price: 0 });
  });
});
