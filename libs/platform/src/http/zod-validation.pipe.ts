import { Injectable, type PipeTransform } from '@nestjs/common';
import type { ZodError, ZodTypeAny, z } from 'zod';
import { unprocessable } from './api-errors';

/** Field errors by path; a Map first, because a field may be named `toString`, `constructor` or `__proto__`. */
export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const errors = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    const list = errors.get(key);
    if (list) list.push(message);
    else errors.set(key, [message]);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) add(key, 'Unknown field.');
    else add(issue.path.join('.') || '_', issue.message);
  }
  return Object.fromEntries(errors);
}

/** Parses a body or query with a contract schema; failures are 422 with errors per field. */
@Injectable()
export class ZodValidationPipe<S extends ZodTypeAny> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    throw unprocessable('The given data was invalid.', zodFieldErrors(result.error));
  }
}

export const zodPipe = <S extends ZodTypeAny>(schema: S) => new ZodValidationPipe(schema);
