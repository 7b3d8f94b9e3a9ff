/** The part of Kick's user object we keep (GET /public/v1/users). */
export interface KickProfile {
  user_id: number | string;
  name: string;
  email?: string | null;
  profile_picture?: string | null;
}
