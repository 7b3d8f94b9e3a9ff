import { useState } from 'react';
import type { z } from 'zod';
import { firstIssuePerField } from '../../lib/form-issues';

/**
 * The contract's client validation for a form the kit does not draw (a page's own form): `validate` answers the
 * parsed input, or null after putting the contract's messages under the fields; `errors` holds those over the server's.
 */
export function useContractValidation<Input>(schema: z.ZodType<Input, z.ZodTypeDef, unknown>, serverErrors: Record<string, string>) {
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const validate = (input: unknown): Input | null => {
    const parsed = schema.safeParse(input);
    setLocalErrors(parsed.success ? {} : firstIssuePerField(parsed.error.issues));
    return parsed.success ? parsed.data : null;
  };
  return { errors: { ...serverErrors, ...localErrors }, validate };
}
