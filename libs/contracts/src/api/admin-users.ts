import { z } from 'zod';
import { ROLES, type Role } from './auth';

/** The admin's answers when a role change, ban or unban is refused. */
export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found.',
  roleChanged: 'Role updated.',
  lastAdmin: 'The last Admin cannot be demoted.',
  banned: 'User banned.',
  unbanned: 'User unbanned.',
  alreadyBanned: 'This user is already banned.',
  notBanned: 'This user is not banned.',
  banSelf: 'You cannot ban yourself.',
  banAdmin: 'An Admin cannot be banned; change the role first.',
  roleWhileBanned: 'A banned member can only be a member; unban first.',
  bannedMember: 'This account has been banned.',
} as const;

/** GET /api/admin/users/{id}: one member as the admin's user detail shows it. */
export interface AdminUserDetail {
  id: number;
  username: string;
  kick_username: string | null;
  role: Role;
  banned_at: string | null;
  ban_reason: string | null;
  created_at: string;
  last_seen: string | null;
}

/** PUT /api/admin/users/{id}/role. */
export const adminUserRoleSchema = z
  .object({
    role: z.enum(ROLES, {
      errorMap: (_issue, ctx) => ({
        message: ctx.data === undefined ? 'The role field is required.' : 'The role must be member, moderator, staff or Admin.',
      }),
    }),
  })
  .strict();
export type AdminUserRoleChange = z.infer<typeof adminUserRoleSchema>;

/** POST /api/admin/users/{id}/ban: the reason is shown to admins and kept with the ban. */
export const adminUserBanSchema = z
  .object({
    reason: z
      .string({ required_error: 'The reason field is required.', invalid_type_error: 'The reason must be text.' })
      .trim()
      .min(1, 'The reason field is required.')
      .max(500, 'The reason may not be longer than 500 characters.'),
  })
  .strict();
export type AdminUserBan = z.infer<typeof adminUserBanSchema>;
