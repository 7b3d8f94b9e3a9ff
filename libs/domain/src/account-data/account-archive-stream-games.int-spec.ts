import type { AccountExport } from '@kickback/contracts';
import { integrationStack, waitFor, type TestClient } from '@kickback/testing';

/** The archive's stream-game parts: what a member asked for, voted and staked on stream is theirs to download too. */
describe('the data archive holds slot requests, poll votes and contest stakes (real PostgreSQL + Redis, api + worker)', () => {
  const stack = integrationStack({ worker: true, admin: true });

  async function archiveOf(client: TestClient): Promise<Record<string, any>> {
    expect((await client.json('POST', '/api/r/account/export')).status).toBe(202);
    const ready = await waitFor(async () => {
      const latest = (await client.json<{ data: AccountExport }>('GET', '/api/r/account/export')).body.data;
      return latest.status === 'ready' ? latest : null;
    }, 15_000);
    return (await client.get(ready.download_url!)).json() as Promise<Record<string, any>>;
  }

  it('lists each with what it was about, what it cost and how it ended', async () => {
    const admin = stack.admin;
    const member = await stack.member({ points: 500 });
    const other = await stack.member({ points: 500 });

    const slot = (await admin.json('POST', '/api/admin/slots', { name: 'Archive Gates', provider_name: 'Archive Play' })).body.data;
    const rules = { open: true, price: 25, cooldown_seconds: 0, open_limit: 1, blocked_slot_ids: [], blocked_provider_ids: [] };
    expect((await admin.json('PUT', '/api/admin/slot-requests/settings', rules)).status).toBe(200);
    expect((await member.client.json('POST', '/api/r/slot-requests', { slot_id: slot.id })).status).toBe(201);

    const poll = (
      await admin.json('POST', '/api/admin/polls', {
        question: 'Next hunt size?',
        options: ['Ten', 'Twenty'],
        audience: 'members',
        window_seconds: null,
      })
    ).body.data;
    await member.client.json('POST', `/api/r/polls/${poll.id}/vote`, { option: 0 });
    await member.client.json('POST', `/api/r/polls/${poll.id}/vote`, { option: 1 });
    await other.client.json('POST', `/api/r/polls/${poll.id}/vote`, { option: 0 });

    const settings = { question: 'Bonus over 100x?', options: ['Yes', 'No'], min_stake: 10, max_stake: 200, window_seconds: null };
    const template = (await admin.json('POST', '/api/admin/contest-templates', { name: 'Archive contest', ...settings })).body.data;
    const contest = (await admin.json('POST', '/api/admin/contests', { template_id: template.id })).body.data;
    expect((await member.client.json('POST', `/api/r/contests/${contest.id}/stake`, { option: 1, points: 40 })).status).toBe(200);
    await other.client.json('POST', `/api/r/contests/${contest.id}/stake`, { option: 0, points: 30 });
    expect((await admin.json('POST', `/api/admin/contests/${contest.id}/resolve`, { option: 1 })).status).toBe(200);

    const archive = await archiveOf(member.client);
    expect(archive.slot_requests).toEqual([
      expect.objectContaining({
        slot_name: 'Archive Gates',
        provider: 'Archive Play',
        source: 'site',
        points: 25,
        status: 'queued',
        refunded_at: null,
      }),
    ]);
    expect(archive.poll_votes).toEqual([
      expect.objectContaining({ poll_id: poll.id, question: 'Next hunt size?', option: 1, option_label: 'Twenty' }),
    ]);
    expect(archive.poll_votes[0].changed_at).not.toBeNull();
    expect(archive.contest_stakes).toEqual([
      expect.objectContaining({
        contest_id: contest.id,
        question: 'Bonus over 100x?',
        option: 1,
        option_label: 'No',
        points: '40',
        contest_status: 'resolved',
        winning_option: 1,
      }),
    ]);
  });
});
