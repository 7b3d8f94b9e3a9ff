import { ANNOUNCEMENT_TEST_EVENT, type Announcement, type AnnouncementEvent } from '@kickback/contracts';

/** What "Send test" delivers: the hook's own name and events, so the receiving end can tell which hook it came from. */
export function testAnnouncement(siteOrigin: string, hookName: string, events: AnnouncementEvent[]): Announcement {
  return {
    event: ANNOUNCEMENT_TEST_EVENT,
    occurred_at: new Date().toISOString(),
    title: 'Test announcement',
    description: `A test from the admin panel: "${hookName}" announces ${events.length} ${events.length === 1 ? 'event' : 'events'}.`,
    url: siteOrigin,
    fields: [{ name: 'Events', value: events.join(', ') }],
    data: { test: true, hook: hookName, events },
  };
}
