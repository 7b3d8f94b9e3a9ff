import type {
  AdminAchievement,
  AdminBadge,
  AdminOverlayToken,
  AdminTicketCategory,
  AnnouncementHook,
  OverlaySettings,
} from '@kickback/contracts';
import { DEFAULT_OVERLAY_SETTINGS } from '@kickback/contracts';
import { integrationStack } from '@kickback/testing';

/**
 * Admin PUT is a partial update (docs/architecture.md): a body naming one field changes that field, and every field
 * it leaves out keeps its value, where these routes used to refuse it or fill in the create defaults.
 */
describe('admin PUT changes only the fields it names (real PostgreSQL + Redis)', () => {
  const stack = integrationStack({ admin: true });

  /**
   * Creates a row of the catalogue at `path` from `input`, then PUTs `change` alone; answers the row as created and as
   * the admin list shows it after the PUT.
   */
  async function createThenPut<T extends { id: number }>(path: string, input: object, change: object): Promise<{ before: T; after: T }> {
    const created = await stack.admin.json<{ data: T }>('POST', path, input);
    expect(created.status).toBe(201);
    const before = created.body.data;
    const put = await stack.admin.json('PUT', `${path}/${before.id}`, change);
    expect([put.status, put.body.success]).toEqual([200, true]);
    const after = (await stack.admin.json<{ data: T[] }>('GET', path)).body.data.find((row) => row.id === before.id)!;
    return { before, after };
  }

  it('an announcement hook: disabling it keeps its name and events', async () => {
    const { before, after } = await createThenPut<AnnouncementHook>(
      '/api/admin/announcements',
      {
        kind: 'discord',
        name: 'Community server',
        url: 'https://discord.com/api/webhooks/123456/partial-put-token',
        events: ['raffle.started', 'stream.live'],
      },
      { enabled: false },
    );
    expect(after).toEqual({ ...before, enabled: false });
  });

  it('an achievement: renaming an inactive one keeps it inactive, with its icon, description, category and rule', async () => {
    const { before, after } = await createThenPut<AdminAchievement>(
      '/api/admin/achievements',
      {
        name: 'Regular',
        icon: '⭐',
        description: 'Enter ten raffles.',
        category: 'raffles',
        rule: { counter: 'raffle_entries', threshold: 10 },
        active: false,
      },
      { name: 'Raffle regular' },
    );
    expect(after).toEqual({ ...before, name: 'Raffle regular' });
  });

  it('a badge: a new description keeps its rule and icon', async () => {
    const { before, after } = await createThenPut<AdminBadge>(
      '/api/admin/badges',
      {
        name: 'Helper',
        icon: '🤝',
        description: 'Answers questions.',
        rule: { counter: 'friends', threshold: 3 },
      },
      { description: 'Helps others.' },
    );
    expect(after).toEqual({ ...before, description: 'Helps others.' });
  });

  it('a ticket category: renaming it keeps its description, position and whether it is active', async () => {
    const { before, after } = await createThenPut<AdminTicketCategory>(
      '/api/admin/ticket-categories',
      {
        name: 'Payouts',
        description: 'Questions about prizes.',
        position: 7,
        active: false,
      },
      { name: 'Prize payouts' },
    );
    expect(after).toEqual({ ...before, name: 'Prize payouts' });
  });

  it("a kind's overlay settings: one field over the saved settings (or the defaults), the result still bounded to the stage", async () => {
    const settingsOf = async (kind: string) =>
      (await stack.admin.json<{ data: AdminOverlayToken[] }>('GET', '/api/admin/overlays')).body.data.find((r) => r.kind === kind)!
        .settings;
    const saved: OverlaySettings = {
      ...DEFAULT_OVERLAY_SETTINGS.raffle,
      x: 100,
      width: 600,
      prize_line: 'A signed jersey',
      hidden: ['count'],
    };
    expect((await stack.admin.json('PUT', '/api/admin/overlays/raffle/settings', saved)).status).toBe(200);

    const changed = await stack.admin.json<{ data: OverlaySettings }>('PUT', '/api/admin/overlays/raffle/settings', { opacity: 0.5 });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ ...saved, opacity: 0.5 });
    expect(await settingsOf('raffle')).toEqual({ ...saved, opacity: 0.5 });

    // 100 + 1900 is off the 1920 px stage only with the saved x: the fit is checked on the merged settings.
    const refused = await stack.admin.json('PUT', '/api/admin/overlays/raffle/settings', { width: 1900 });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['x']);
    expect(await settingsOf('raffle')).toEqual({ ...saved, opacity: 0.5 });

    expect((await stack.admin.json('PUT', '/api/admin/overlays/alerts/settings', { y: 300 })).status).toBe(200);
    expect(await settingsOf('alerts')).toEqual({ ...DEFAULT_OVERLAY_SETTINGS.alerts, y: 300 });
  });
});
