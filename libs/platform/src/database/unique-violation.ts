import { UniqueConstraintViolationException } from '@mikro-orm/core';

/** PostgreSQL 23505, whether MikroORM wrapped the driver error or not. */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof UniqueConstraintViolationException) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505';
}
