import { ApiError } from '@kickback/platform';

/** Refusals of a redemption; each rolls the whole transaction back and leaves nothing written. */
export const STORE_MESSAGES = {
  itemNotFound: 'Item not found.',
  itemInactive: 'This item is not available right now.',
  outOfStock: 'This item is out of stock.',
  limitReached: 'You have reached the purchase limit for this item.',
  keyReused: 'This Idempotency-Key was already used for a different item.',
  redeemed: 'Item redeemed successfully!',
} as const;

export class OutOfStockError extends ApiError {
  constructor() {
    super(409, STORE_MESSAGES.outOfStock);
  }
}

export class PurchaseLimitError extends ApiError {
  constructor() {
    super(409, STORE_MESSAGES.limitReached);
  }
}

export class ItemUnavailableError extends ApiError {
  constructor() {
    super(409, STORE_MESSAGES.itemInactive);
  }
}
