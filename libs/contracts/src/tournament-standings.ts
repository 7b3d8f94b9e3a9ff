/**
 * Most standings rows GET /api/r/tournaments/{id} and the tournament:updated push carry. In a module of its own,
 * without zod, so the tournament page can use it without loading the schemas.
 */
export const TOURNAMENT_STANDINGS_LIMIT = 100;
