/**
 * The level a 'user:notification' announces (the text of the contracts' levelReachedNotification), or null for any
 * other notice. It lives here, not beside that text in the contracts, whose module of zod schemas the shell would
 * then have to load before its first render; level-notification.test.ts keeps the two in step.
 */
export const levelFromNotification = (message: string): number | null => {
  const match = /^Level (\d+)!$/.exec(message);
  return match ? Number(match[1]) : null;
};
