import { envSchema, type AppEnv } from './env.schema';

export class InvalidEnvironmentError extends Error {}

/** Parses the environment once; a bad value names the variable so the operator can fix it. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): AppEnv {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new InvalidEnvironmentError(`Invalid environment:\n${lines.join('\n')}`);
}
