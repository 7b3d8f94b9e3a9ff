import { CONTEST_TEXTS } from '@kickback/contracts';
import { ApiError } from '@kickback/platform';

/** Each refusal rolls its transaction back: nothing was staked, paid or refunded when it is thrown. */
export class ContestNotFoundError extends ApiError {
  constructor() {
    super(404, CONTEST_TEXTS.notFound);
  }
}

export class ContestRefusalError extends ApiError {
  constructor(message: string, status = 409) {
    super(status, message);
  }
}
