import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json } from './fake-http';

/** A channel GET /public/v1/channels knows; a test sets `live` to put it on air. */
export interface FakeKickChannel {
  broadcaster_user_id: number;
  slug: string;
  stream_title?: string;
  category?: { id: number; name: string };
  /** On air since this RFC 3339 time (the stream also gets its own id, as v2 livestreams shows it). */
  live?: { started_at: string; id?: string };
}

/** Channels every answer of the v2 listing carries besides the test's own, so the listing is never "just ours". */
const STRANGERS = 150;

const category = (c: FakeKickChannel['category']) => ({
  id: c?.id ?? 15,
  name: c?.name ?? 'Just Chatting',
  thumbnail: 'https://files.kick.com/images/subcategories/15/banner.webp',
});

/**
 * Kick's channel and livestream reads (docs/kick.md "Live state" gives each source):
 * - GET /public/v1/channels?broadcaster_user_id=…|slug=… (each may repeat): the per-channel lookup, every channel with
 *   its `stream { is_live, start_time, … }` whether on air or not (KickDevDocs apis/channels.md, swagger; the stream
 *   fields as Scorfly/gokick channels.go reads them).
 * - GET /public/v2/livestreams: a listing of every live stream, oldest first, paged by `limit`/`cursor`, filtered only
 *   by `category_id` and `language_code`; items carry the stream's own `id`, `broadcaster_user { id, … }` and
 *   `channel { slug }`, never `broadcaster_user_id` (Scorfly/gokick TestGetLivestreamsV2Success; KickDevDocs issue
 *   382). Any other parameter, `broadcaster_user_id` included, is ignored as Kick ignores unknown filters.
 * `channelsAnswer` replaces the lookup's answer body (a test's answer that is not Kick's shape).
 */
export class FakeKickChannels {
  channelRequests = 0;
  livestreamRequests = 0;
  channelsAnswer: unknown = undefined;
  private readonly strangers: FakeKickChannel[];

  constructor(readonly channels: FakeKickChannel[] = []) {
    const base = Date.parse('2026-01-01T00:00:00Z');
    this.strangers = Array.from({ length: STRANGERS }, (_, i) => ({
      broadcaster_user_id: 50_000_000 + i,
      slug: `stranger-${i}`,
      stream_title: `Stream ${i}`,
      live: { started_at: new Date(base + i * 60_000).toISOString(), id: randomUUID() },
    }));
  }

  /** Puts the test's channel on air (creating it when unknown), as Kick shows it once the stream started. */
  goLive(broadcasterUserId: number, startedAt: string, title = 'Live'): void {
    const channel = this.find(broadcasterUserId);
    channel.live = { started_at: startedAt, id: randomUUID() };
    channel.stream_title = title;
  }

  goOffline(broadcasterUserId: number): void {
    this.find(broadcasterUserId).live = undefined;
  }

  /** Handles the two reads; false when the path is neither. `authorised`: the bearer is an app or user token Kick issued. */
  route(req: IncomingMessage, url: URL, res: ServerResponse, authorised: boolean): boolean {
    if (req.method !== 'GET' || (url.pathname !== '/public/v1/channels' && url.pathname !== '/public/v2/livestreams')) return false;
    if (url.pathname === '/public/v1/channels') this.channelRequests++;
    else this.livestreamRequests++;
    if (!authorised) json(res, 401, { message: 'Unauthorized' });
    else if (url.pathname === '/public/v1/channels') this.lookup(url, res);
    else this.listing(url, res);
    return true;
  }

  private find(broadcasterUserId: number): FakeKickChannel {
    let channel = this.channels.find((c) => c.broadcaster_user_id === broadcasterUserId);
    if (!channel) {
      channel = { broadcaster_user_id: broadcasterUserId, slug: `channel-${broadcasterUserId}` };
      this.channels.push(channel);
    }
    return channel;
  }

  private lookup(url: URL, res: ServerResponse): void {
    if (this.channelsAnswer !== undefined) return json(res, 200, this.channelsAnswer);
    const slugs = url.searchParams.getAll('slug');
    const ids = url.searchParams.getAll('broadcaster_user_id').map(Number);
    const data = [...this.channels, ...this.strangers]
      .filter((c) => slugs.includes(c.slug) || ids.includes(c.broadcaster_user_id))
      .map((c) => ({
        broadcaster_user_id: c.broadcaster_user_id,
        slug: c.slug,
        channel_description: '',
        banner_picture: '',
        stream_title: c.stream_title ?? '',
        category: category(c.category),
        stream: {
          is_live: !!c.live,
          // Kick does not document this field while offline; a Go zero time is what its Go clients would print.
          start_time: c.live?.started_at ?? '0001-01-01T00:00:00Z',
          viewer_count: c.live ? 1 : 0,
          language: 'en',
          is_mature: false,
          thumbnail: '',
          url: 'rtmps://fa723fc1b171.global-contribute.live-video.net',
          key: '',
          custom_tags: [],
        },
      }));
    json(res, 200, { data, message: 'OK' });
  }

  private listing(url: URL, res: ServerResponse): void {
    const categories = url.searchParams.getAll('category_id').map(Number);
    const languages = url.searchParams.getAll('language_code');
    const limit = Math.min(Math.max(Number(url.searchParams.get('limit')) || 100, 1), 1000);
    const live = [...this.strangers, ...this.channels]
      .filter((c): c is FakeKickChannel & { live: { started_at: string; id?: string } } => !!c.live)
      .filter((c) => !categories.length || categories.includes(category(c.category).id))
      .filter(() => !languages.length || languages.includes('en'))
      .sort((a, b) => Date.parse(a.live.started_at) - Date.parse(b.live.started_at));
    const from = Number(Buffer.from(url.searchParams.get('cursor') ?? '', 'base64url').toString() || 0);
    const page = live.slice(from, from + limit);
    const next = from + page.length < live.length ? Buffer.from(String(from + page.length)).toString('base64url') : '';
    json(res, 200, {
      data: page.map((c) => ({
        id: c.live.id ?? randomUUID(),
        broadcaster_user: { id: c.broadcaster_user_id, username: c.slug, profile_picture: '' },
        channel: { slug: c.slug },
        title: c.stream_title ?? '',
        category: category(c.category),
        started_at: c.live.started_at,
        viewer_count: 1,
        language_code: 'en',
        has_mature_content: false,
        thumbnail: '',
        tags: [],
      })),
      pagination: { next_cursor: next },
      message: 'OK',
    });
  }
}
