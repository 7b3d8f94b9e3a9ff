export const ROLES = ['member', 'moderator', 'staff', 'Admin'] as const;
export type Role = (typeof ROLES)[number];

/** The current user as injected into the page (SPEC §3 User). */
export interface CurrentUser {
  id: number;
  username: string;
  name: string;
  kick_username: string | null;
  email: string | null;
  role: Role;
  avatar_url: string | null;
}
