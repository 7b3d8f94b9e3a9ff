import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { KickChannelInput, KickChannelView } from '@kickback/contracts';
import { ApiError, unprocessable } from '@kickback/platform';
import { SiteSettingsService } from '../site/site-settings.service';
import { ActivityRepository } from './activity.repository';
import { AdminActivityService } from './admin-activity.service';
import { KickAppClient, KickShapeError, type KickChannel } from './kick-app.client';

/** A slug's answer is reused this long, so the admin screen does not ask Kick on every view. */
const LOOKUP_TTL_MS = 60_000;

/**
 * The channel in two places: the player's slug (site settings) and the broadcaster id the events are for (activity
 * rules). Saving one resolves the other through Kick's channels API, so both always name the same channel; a
 * difference made elsewhere is shown as a mismatch.
 */
@Injectable()
export class KickChannelService {
  private readonly logger = new Logger(KickChannelService.name);
  /** Only the last slug's answer: the screen only ever asks for the site's one slug, and any other is stale once saved over. */
  private lookup: { slug: string; at: number; channel: KickChannel | null } | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly site: SiteSettingsService,
    private readonly activity: AdminActivityService,
    private readonly repository: ActivityRepository,
    private readonly kick: KickAppClient,
  ) {}

  async view(): Promise<KickChannelView> {
    const [{ kick_channel_slug: slug }, { broadcaster_user_id: broadcaster }] = await Promise.all([
      this.site.getPublic(),
      this.repository.rules(this.em.fork()),
    ]);
    const view: KickChannelView = {
      slug: slug || null,
      broadcaster_user_id: broadcaster,
      resolved_broadcaster_user_id: null,
      mismatch: null,
    };
    if (!view.slug) return view;
    let resolved: KickChannel | null;
    try {
      resolved = await this.bySlug(view.slug);
    } catch (err) {
      this.logger.warn({ err }, 'Kick channel lookup failed');
      return view;
    }
    view.resolved_broadcaster_user_id = resolved?.broadcaster_user_id ?? null;
    if (!resolved) view.mismatch = `Kick knows no channel "${view.slug}".`;
    else if (broadcaster !== null && broadcaster !== resolved.broadcaster_user_id)
      view.mismatch = `The player shows "${view.slug}" (broadcaster ${resolved.broadcaster_user_id}), but events are for broadcaster ${broadcaster}.`;
    return view;
  }

  /** Resolves the channel at Kick and saves both halves; an unknown channel is a 422. */
  async save(actorId: number, input: KickChannelInput): Promise<void> {
    const field = input.slug !== undefined ? 'slug' : 'broadcaster_user_id';
    let channel: KickChannel | null;
    try {
      channel = await this.kick.channel(
        input.slug !== undefined ? { slug: input.slug } : { broadcaster_user_id: input.broadcaster_user_id! },
      );
    } catch (err) {
      this.logger.warn({ err }, 'Kick channel lookup failed');
      if (err instanceof KickShapeError)
        throw new ApiError(502, "Kick's answer about the channel could not be read, so nothing was saved; try again later.");
      throw new ApiError(502, 'Kick could not be asked for the channel; try again shortly.');
    }
    if (!channel) throw unprocessable('Kick knows no such channel.', { [field]: ['Kick knows no such channel.'] });
    this.lookup = { slug: channel.slug, at: Date.now(), channel };
    await this.site.update(actorId, { kick_channel_slug: channel.slug });
    await this.activity.updateRules(actorId, { broadcaster_user_id: channel.broadcaster_user_id });
  }

  private async bySlug(slug: string): Promise<KickChannel | null> {
    const cached = this.lookup;
    if (cached?.slug === slug && Date.now() - cached.at < LOOKUP_TTL_MS) return cached.channel;
    const channel = await this.kick.channel({ slug });
    this.lookup = { slug, at: Date.now(), channel };
    return channel;
  }
}
