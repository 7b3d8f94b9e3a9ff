import { useState } from 'react';
import type { z } from 'zod';
import { firstIssuePerField } from '../../lib/form-issues';

/**
 * The first message per field, keyed by the field (as the kit's forms show them) and, for a nested one, also by its
 * dotted path (`entry_rules.min_level`, `slots.2.name`), the key the server's 422 answer uses.
 */
function contractErrors(issues: z.ZodIssue[]): Record<string, string> {
  const errors = firstIssuePerField(issues);
  for (const issue of issues) if (issue.path.length > 1) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/**
 * The contract's client validation for a form the kit does not draw (a page's own form): `validate` answers the
 * parsed input, or null after putting the contract's messages under the fields; `errors` holds those over the server's.
 */
export function useContractValidation<Input>(schema: z.ZodType<Input, z.ZodTypeDef, unknown>, serverErrors: Record<string, string>) {
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const validate = (input: unknown): Input | null => {
    const parsed = schema.safeParse(input);
    setLocalErrors(parsed.success ? {} : contractErrors(parsed.error.issues));
    return parsed.success ? parsed.data : null;
  };
  return { errors: { ...serverErrors, ...localErrors }, validate };
}
