import { ApiError } from '@kickback/platform';

/** 422 so clients show the message; nothing was changed when it is thrown. */
export class InsufficientPointsError extends ApiError {
  constructor(
    message = 'Not enough points.',
    /** The member whose balance fell short, when a change of several members was refused. */
    readonly userId: number | null = null,
  ) {
    super(422, message, { points: [message] });
  }
}

/**
 * Debits decided from balances read earlier found a wallet that no longer covers them (another change came in
 * between). Not an answer to anyone: the caller's transaction fails and is redone one change at a time.
 */
export class StaleBalanceError extends Error {
  constructor() {
    super('a planned debit was no longer covered by its wallet');
  }
}
