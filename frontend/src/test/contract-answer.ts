import type { z } from 'zod';

/**
 * What the server answers a body its contract refuses: 422 with the messages by dotted path, as its validation pipe
 * words them (at most 10 fields), or undefined when the contract accepts the body.
 */
export function contractAnswer(schema: z.ZodTypeAny, body: unknown): { status: number; body: unknown } | undefined {
  const parsed = schema.safeParse(typeof body === 'string' ? JSON.parse(body) : body);
  if (parsed.success) return undefined;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_';
    if (errors[key] || Object.keys(errors).length < 10) (errors[key] ??= []).push(issue.message);
  }
  return { status: 422, body: { success: false, message: 'The given data was invalid.', errors } };
}
