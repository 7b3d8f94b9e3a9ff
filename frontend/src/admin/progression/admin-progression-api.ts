import type { AchievementInput, AdminAchievement, AdminBadge, BadgeInput } from '@kickback/contracts';
import { crudEndpoints } from '../kit/crud-endpoints';

/** The achievements catalogue (admins only). Changes also refresh public profiles, which list them. */
export const achievementsAdmin = crudEndpoints<AdminAchievement, AchievementInput>({
  name: 'adminAchievements',
  url: '/api/admin/achievements',
  tag: 'AdminAchievements',
  alsoInvalidates: ['Profile'],
});

/** The badges catalogue (admins only). Changes also refresh profiles and a member's badges on their admin page. */
export const badgesAdmin = crudEndpoints<AdminBadge, BadgeInput>({
  name: 'adminBadges',
  url: '/api/admin/badges',
  tag: 'AdminBadges',
  alsoInvalidates: ['Profile', 'AdminUserXp'],
});

/** A member's admin page grants badges from the catalogue. */
export const useGetAdminBadgesQuery = badgesAdmin.useList;
