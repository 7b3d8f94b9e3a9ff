import { Injectable, type PipeTransform } from '@nestjs/common';
import type { ZodError, ZodTypeAny, z } from 'zod';
import { malformedInput, unprocessable } from './api-errors';
import { refuseHostileText } from './hostile-text';
import { boundsViolations } from './zod-bounds';

/** Fields an error answer names at most, and messages per field: a few lines for a person, never megabytes. */
export const MAX_ERROR_FIELDS = 10;
const MAX_MESSAGES_PER_FIELD = 3;
export const INVALID_DATA_MESSAGE = 'The given data was invalid.';

/**
 * Field errors by path, unknown fields first, capped at MAX_ERROR_FIELDS fields; a Map first, because a field may be
 * named `toString`, `constructor` or `__proto__`.
 */
export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const unknown = new Map<string, string[]>();
  const errors = new Map<string, string[]>();
  const add = (into: Map<string, string[]>, key: string, message: string) => {
    const list = into.get(key);
    if (list) {
      if (list.length < MAX_MESSAGES_PER_FIELD) list.push(message);
    } else if (unknown.size + errors.size < MAX_ERROR_FIELDS) into.set(key, [message]);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) add(unknown, key, 'Unknown field.');
  }
  for (const issue of error.issues) {
    if (issue.code !== 'unrecognized_keys') add(errors, issue.path.join('.') || '_', issue.message);
  }
  return Object.fromEntries([...unknown, ...errors]);
}

/**
 * Parses a body or query with a contract schema; failures are 422 with errors per field. Cheap checks first: an
 * array over its schema's bound is refused before zod parses a single element, and the hostile-text scan
 * runs over what the schema accepted (known fields, bounded sizes), never over the raw input.
 */
@Injectable()
export class ZodValidationPipe<S extends ZodTypeAny> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const input = value ?? {};
    // An over-long array is refused before zod walks it; over-long strings (bounded by the body limit) go on to zod,
    // so a form is still answered with an error under every field.
    const tooLarge = boundsViolations(this.schema, input);
    if (tooLarge.some((v) => v.kind === 'array'))
      throw malformedInput(INVALID_DATA_MESSAGE, Object.fromEntries(tooLarge.map((v) => [v.path, [v.message]])));
    const result = this.schema.safeParse(input);
    if (!result.success) throw unprocessable(INVALID_DATA_MESSAGE, zodFieldErrors(result.error));
    refuseHostileText(result.data);
    return result.data as z.infer<S>;
  }
}

export const zodPipe = <S extends ZodTypeAny>(schema: S) => new ZodValidationPipe(schema);
