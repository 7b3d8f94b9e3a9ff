import { POLL_TEXTS } from '@kickback/contracts';
import { ApiError } from '@kickback/platform';

/** Each refusal rolls its transaction back: no vote was written or changed when it is thrown. */
export class PollNotFoundError extends ApiError {
  constructor() {
    super(404, POLL_TEXTS.notFound);
  }
}

export class PollRefusalError extends ApiError {
  constructor(message: string, status = 409) {
    super(status, message);
  }
}
