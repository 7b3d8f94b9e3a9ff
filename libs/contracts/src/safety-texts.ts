// No zod here: the age gate imports these in the site's first load.

/** What the age gate, breaks and hidden offers say. */
export const SAFETY_MESSAGES = {
  ageQuestion: (age: number) => `Are you ${age} or older?`,
  ageExplain:
    'This part of the site shows casino offers, wager leaderboards, bonus hunts and tournaments. They are only for adults of legal gambling age where you live.',
  ageDeclined: 'Casino offers, leaderboards, bonus hunts and tournaments are hidden. The rest of the site is yours to enjoy.',
  ageConfirmedAlready: 'You have already confirmed your age.',
  breakConfirm: (label: string) =>
    `For ${label.toLowerCase()}, the site hides casino offers, leaderboards, races, bonus hunts and tournaments from you, leaves you off the wager board, and refuses casino-credit raffles and casino bonuses in the store. A break cannot be shortened once it starts.`,
  breakStarted: 'Your break has started. It cannot be shortened.',
  breakRunning: 'You are already taking a break. It cannot be shortened or replaced.',
  breakEnded: 'Your break from gambling content has ended.',
  onBreak: 'You are taking a break from gambling content, so this is hidden.',
  raffleRefused: "This raffle's prize is casino credit, and you are taking a break from gambling content.",
  storeRefused: 'This item is a casino bonus, and you are taking a break from gambling content.',
  notUntilAsked: 'Only a break set "until I ask an admin" can be ended by an admin; the others end on their own.',
  noBreak: 'This member is not taking a break.',
  breakLifted: 'The break has ended.',
  offersHidden: 'Casino offers are hidden here.',
  standingFailed: 'This page shows gambling content, and whether it is for you could not be checked. Please try again.',
} as const;
