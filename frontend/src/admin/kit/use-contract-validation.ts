import { useState } from 'react';
import type { z } from 'zod';
import { firstIssuePerField } from '../../lib/form-issues';

/** The first message per dotted path (`slots.2.name`), the key the server's 422 answer uses. */
function issuesByPath(issues: z.ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.join('.') || 'form'] ??= issue.message;
  return errors;
}

/**
 * The contract's client validation for a form the kit does not draw (a page's own form): `validate` answers the
 * parsed input, or null after putting the contract's messages under the fields; `errors` holds those over the server's.
 * With `byPath`, a nested field's message is keyed by its path, for a form with an input per list item.
 */
export function useContractValidation<Input>(
  schema: z.ZodType<Input, z.ZodTypeDef, unknown>,
  serverErrors: Record<string, string>,
  { byPath = false } = {},
) {
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const validate = (input: unknown): Input | null => {
    const parsed = schema.safeParse(input);
    setLocalErrors(parsed.success ? {} : (byPath ? issuesByPath : firstIssuePerField)(parsed.error.issues));
    return parsed.success ? parsed.data : null;
  };
  return { errors: { ...serverErrors, ...localErrors }, validate };
}
