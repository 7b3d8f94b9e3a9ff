import type { EntityManager } from '@mikro-orm/postgresql';
import type { SiteSettingsService } from '../site/site-settings.service';
import type { ActivityRepository } from './activity.repository';
import type { AdminActivityService } from './admin-activity.service';
import type { KickAppClient, KickChannel } from './kick-app.client';
import { KickChannelService } from './kick-channel.service';

/** The admin screen's channel lookups: reused for a while, and never one kept per slug ever shown. */
describe('KickChannelService lookups', () => {
  let slug: string;
  let asked: string[];
  let service: KickChannelService;

  beforeEach(() => {
    slug = 'first';
    asked = [];
    const kick = {
      channel: async ({ slug: s }: { slug: string }): Promise<KickChannel> => {
        asked.push(s);
        return { slug: s, broadcaster_user_id: 7 };
      },
    };
    service = new KickChannelService(
      { fork: () => ({}) } as unknown as EntityManager,
      { getPublic: async () => ({ kick_channel_slug: slug }) } as unknown as SiteSettingsService,
      {} as AdminActivityService,
      { rules: async () => ({ broadcaster_user_id: 7 }) } as unknown as ActivityRepository,
      kick as unknown as KickAppClient,
    );
  });

  it('asks Kick once for views of the same slug within the minute', async () => {
    await service.view();
    await service.view();
    expect(asked).toEqual(['first']);
  });

  it('keeps only the last slug: a slug shown again after another is asked for again', async () => {
    await service.view();
    for (const next of ['second', 'third', 'first']) {
      slug = next;
      await service.view();
    }
    expect(asked).toEqual(['first', 'second', 'third', 'first']);
  });
});
