/**
 * The public rooms whose pushes are gambling content (docs/responsible-gambling.md): bonus hunts, tournaments, the
 * wager board and races. A viewer who answered the age question "No", or a member on a break, is not let in, as their
 * pages and API refuse them.
 */
const GAMBLING_ROOMS = [/^hunts$/, /^hunt:\d+$/, /^tournament:\d+$/, /^leaderboard$/, /^races$/, /^race:\d+$/];

export const isGamblingRoom = (room: string): boolean => GAMBLING_ROOMS.some((pattern) => pattern.test(room));
