/**
 * The one name a person goes by in lists, menus and winners: their Kick name, else their username (SPEC §5: people
 * are told apart by kick_username falling back to username), so a member never shows as two different names.
 */
export function personName(user: { kick_username?: string | null; username: string }): string {
  return user.kick_username?.trim() || user.username;
}
