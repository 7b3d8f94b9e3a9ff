import type { DomainEvent } from '@kickback/contracts';

/**
 * An event that no consumer of the product acts on (user.settings-updated is relayed for consumers to come), for tests
 * that register consumers of their own: only theirs run.
 */
export const settingsUpdatedEvent = (id: string): DomainEvent<'user.settings-updated'> => {
  const at = new Date().toISOString();
  return { id, type: 'user.settings-updated', payload: { userId: 1, section: 'profile', fields: ['bio'], at }, createdAt: at };
};
