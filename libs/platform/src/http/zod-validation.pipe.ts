import { Injectable, type PipeTransform } from '@nestjs/common';
import type { ZodError, ZodTypeAny, z } from 'zod';
import { unprocessable } from './api-errors';

export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.code === 'unrecognized_keys' ? issue.keys.join(',') : issue.path.join('.') || '_';
    const message = issue.code === 'unrecognized_keys' ? 'Unknown field.' : issue.message;
    for (const k of key.split(',')) (errors[k] ??= []).push(message);
  }
  return errors;
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
