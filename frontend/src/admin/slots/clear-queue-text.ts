import { formatCount } from '../../lib/format';

/** What "Clear queue" asks before it runs (Slot Requests and Go live alike): how many requests go and how many points go back. */
export function clearQueueMessage(refund: { requests: number; points: number }): string {
  return `${formatCount(refund.requests, 'request')} will be removed and ${formatCount(refund.points, 'point')} refunded to the requesters.`;
}
