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
