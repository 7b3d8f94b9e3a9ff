import type { AnnouncementDelivery, AnnouncementHook } from '@kickback/contracts';

/** A signed webhook and a disabled Discord hook. */
export const hooks: AnnouncementHook[] = [
  {
    id: 1,
    kind: 'webhook',
    name: 'Stream deck',
    url_display: 'https://deck.example/hook',
    events: ['stream.live', 'raffle.winners'],
    enabled: true,
    signing_secret_hint: 'whsec_…t123',
    created_at: '2026-11-27T12:00:00.000Z',
  },
  {
    id: 2,
    kind: 'discord',
    name: 'Raffles channel',
    url_display: 'https://discord.com/api/webhooks/123/••••••',
    events: ['raffle.started'],
    enabled: false,
    signing_secret_hint: null,
    created_at: '2026-11-27T13:00:00.000Z',
  },
];

/** A test delivery being retried, a delivered one and a queued one, newest first. */
export const deliveries: AnnouncementDelivery[] = [
  {
    id: 9,
    event: 'announcement.test',
    title: 'Test announcement',
    status: 'retrying',
    attempts: 2,
    last_status: 500,
    last_error: 'HTTP 500: broken',
    created_at: '2026-11-27T12:01:00.000Z',
    delivered_at: null,
  },
  {
    id: 8,
    event: 'stream.live',
    title: 'Live now',
    status: 'delivered',
    attempts: 1,
    last_status: 204,
    last_error: null,
    created_at: '2026-11-27T11:00:00.000Z',
    delivered_at: '2026-11-27T11:00:01.000Z',
  },
  {
    id: 7,
    event: 'stream.live',
    title: 'Queued one',
    status: 'pending',
    attempts: 0,
    last_status: null,
    last_error: null,
    created_at: '2026-11-27T10:00:00.000Z',
    delivered_at: null,
  },
];
