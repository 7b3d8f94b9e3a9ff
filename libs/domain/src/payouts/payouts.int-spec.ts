import type { INestApplicationContext } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import {
  PAYOUT_MESSAGES,
  PAYOUTS_ROOM,
  payoutNotification,
  type AdminPayout,
  type DomainEvent,
  type DomainEventMap,
  type DomainEventType,
  type MyPrize,
  type PayoutChangedPush,
  type PublicPayout,
  type TournamentMatch,
} from '@kickback/contracts';
import { DomainEventDispatcher } from '@kickback/platform';
import {
  createTestStack,
  createUser,
  openRaffle,
  waitFor,
  type RunningApi,
  type TestClient,
  type TestStack,
  testSocket,
  socketConnected,
} from '@kickback/testing';
import { EconomyService } from '../economy/economy.service';
import { LeaderboardRefreshService } from '../leaderboard/leaderboard-refresh.service';
import { RaffleDrawService } from '../raffles/raffle-draw.service';
import { TournamentPrizesService } from '../tournaments/tournament-prizes.service';
import { PayoutLedgerService } from './payout-ledger.service';
import type { PayoutOpening } from './payout-opening';

let sequence = 0;
/** A delivery of an event under an outbox id of its own: a duplicate row, not a retry the processed-events table stops. */
const delivery = <T extends DomainEventType>(type: T, payload: DomainEventMap[T]): DomainEvent<T> => ({
  id: String(8_000_000_000 + ++sequence),
  type,
  payload,
  createdAt: new Date().toISOString(),
});

interface PayoutDbRow {
  source: string;
  source_id: string;
  place: number;
  user_id: number | null;
  casino_username: string | null;
  amount: string | null;
  currency: string | null;
  value_usd: string | null;
  status: string;
  claim_deadline: Date | null;
}

/**
 * The payout ledger: every prize source opens exactly one payout however often its event arrives, admins move
 * payouts by compare-and-set (one of two racing admins wins, the other gets a 409 naming the winner), proof
 * screenshots are re-encoded, the CSV export keeps the queue's filters, and "total given away" counts paid only.
 */
describe('payout ledger (real PostgreSQL + Redis)', () => {
  let stack: TestStack;
  let api: RunningApi;
  let worker: INestApplicationContext;
  let em: EntityManager;
  let admin: TestClient;
  let adminName: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await createTestStack({ RATE_LIMIT_PER_MINUTE: '1000000' });
    api = await stack.api();
    worker = await stack.worker();
    em = api.app.get(EntityManager);
    const a = await createUser(em, { role: 'Admin', username: 'PayoutBoss' });
    adminName = a.username;
    admin = api.client();
    await admin.loginAs(a.id);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await stack.close();
  });

  const member = async (extra: { crypto?: string } = {}) => {
    const user = await createUser(em);
    if (extra.crypto) await em.fork().execute('update users set crypto = ? where id = ?', [extra.crypto, user.id]);
    const client = api.client();
    await client.loginAs(user.id);
    return { id: user.id, username: user.username, client };
  };
  const rows = (source: string, sourceId?: number) =>
    em.fork().execute<PayoutDbRow[]>(
      `select source, source_id::text, place, user_id, casino_username, amount::text, currency, value_usd::text, status, claim_deadline
           from payouts where source = ? and (?::bigint is null or source_id = ?) order by place, id`,
      [source, sourceId ?? null, sourceId ?? null],
    );
  const dispatch = (e: DomainEvent) => worker.get(DomainEventDispatcher).dispatch(e);
  const opening = (userId: number | null, sourceId: number, over: Partial<PayoutOpening> = {}): PayoutOpening => ({
    source: 'raffle',
    sourceId,
    place: 1,
    userId,
    casinoUsername: userId === null ? 'CasinoKing' : null,
    prize: 'Gift card',
    amount: null,
    currency: null,
    valueUsd: '40.00',
    subject: { title: 'Ledger raffle', path: `/raffles/${sourceId}` },
    ...over,
  });
  const open = async (o: PayoutOpening): Promise<number> => {
    await em.fork().transactional((tx) => api.app.get(PayoutLedgerService).open(tx, o));
    const [row] = await em
      .fork()
      .execute<{ id: string }[]>('select id from payouts where source = ? and source_id = ? and place = ? order by id desc limit 1', [
        o.source,
        o.sourceId,
        o.place,
      ]);
    return Number(row!.id);
  };
  const move = (client: TestClient, id: number, body: Record<string, unknown>) =>
    client.json<{ success: boolean; message: string; data: AdminPayout; errors?: Record<string, string[]> }>(
      'POST',
      `/api/admin/payouts/${id}/status`,
      body,
    );

  it('every prize source opens one payout, however many times its event is delivered', async () => {
    // Raffle with a 60-minute claim window: the payout carries the winner's claim deadline.
    const raffleId = await openRaffle(admin, {
      title: 'Payout raffle',
      prize_description: 'Headset',
      prize_value_usd: 120,
      claim_window_minutes: 60,
    });
    const r = await member();
    expect((await r.client.json('POST', `/api/r/raffles/${raffleId}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    expect((await admin.json('POST', `/api/admin/raffles/${raffleId}/draw`)).status).toBe(200);
    const draws = worker.get(RaffleDrawService);
    await Promise.all([draws.drawIfDue(raffleId), draws.drawIfDue(raffleId), draws.drawAllDue()]);
    const [deadline] = await em
      .fork()
      .execute<{ claim_deadline: Date }[]>('select claim_deadline from raffle_winners where raffle_id = ?', [raffleId]);
    expect(await rows('raffle', raffleId)).toEqual([
      expect.objectContaining({
        place: 1,
        user_id: r.id,
        value_usd: '120.00',
        status: 'waiting_approval',
        claim_deadline: deadline!.claim_deadline,
      }),
    ]);

    // Hunt: the worker scores hunt.completed; a duplicate of the event opens nothing more. Points are paid at once.
    const hunt = await admin.json('POST', '/api/admin/bonus-hunts', { starting_balance: 100, prize_points: [400] });
    const huntId: number = hunt.body.data.id;
    const slot = await admin.json('POST', '/api/admin/hunt-catalogue/slots', { name: 'Payout Slot', provider_name: 'Pragmatic Play' });
    const game = await admin.json('POST', `/api/admin/bonus-hunts/${huntId}/games`, { slot_id: slot.body.data.id, bet: 1 });
    await admin.json('POST', `/api/admin/bonus-hunts/${huntId}/predictions`, { active: true });
    const h = await member();
    await h.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, {
      end_balance: 50,
      highest_multiplier: 50,
      highest_multiplier_game: 'Payout Slot',
    });
    await admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'opening' });
    await admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${game.body.data.games.at(-1).id}`, { win: 50 });
    expect((await admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'completed' })).status).toBe(201);
    await waitFor(async () => (await rows('hunt', huntId)).length === 1, 20_000, 'the hunt payout');
    const completed = { huntId, finalBalance: '50', at: new Date().toISOString() };
    await Promise.all([dispatch(delivery('hunt.completed', completed)), dispatch(delivery('hunt.completed', completed))]);
    expect(await rows('hunt', huntId)).toEqual([
      expect.objectContaining({ user_id: h.id, amount: '400.00', currency: 'points', value_usd: null, status: 'paid' }),
    ]);

    // Tournament: the final pays the prizes; three more runs of the award open nothing more.
    const created = await admin.json('POST', '/api/admin/tournaments', {
      name: 'Payout Cup',
      size: 4,
      slots: [1, 2, 3, 4].map((i) => ({ name: `Payout ${i}` })),
      predictions_active: true,
      prize_points: [300],
    });
    const t = created.body.data as { id: number; matches: TournamentMatch[] };
    const match = (round: number, n: number) => t.matches.find((m) => m.round === round && m.match_number === n)!;
    const p = await member();
    await p.client.json('POST', `/api/r/tournaments/${t.id}/predict`, {
      predictions: [
        { match_id: match(1, 1).id, winner_name: 'Payout 1' },
        { match_id: match(1, 2).id, winner_name: 'Payout 3' },
      ],
    });
    await admin.json('POST', `/api/admin/tournaments/${t.id}/matches/${match(1, 1).id}/winner`, { winner_name: 'Payout 1' });
    await admin.json('POST', `/api/admin/tournaments/${t.id}/matches/${match(1, 2).id}/winner`, { winner_name: 'Payout 3' });
    await admin.json('POST', `/api/admin/tournaments/${t.id}/matches/${match(2, 1).id}/winner`, { winner_name: 'Payout 1' });
    const retries = worker.get(EntityManager);
    await Promise.all([1, 2, 3].map(() => retries.fork().transactional((tx) => worker.get(TournamentPrizesService).award(tx, t.id))));
    expect(await rows('tournament', t.id)).toEqual([expect.objectContaining({ user_id: p.id, amount: '300.00', status: 'paid' })]);

    // Leaderboard: rank 1 linked to a member, rank 2 nobody's: paid to the unmasked casino username.
    const l = await member({ crypto: 'PayoutWhale' });
    const platform = await admin.json('POST', '/api/admin/leaderboard/platforms', {
      name: 'Payout Casino',
      slug: 'payout-casino',
      currency_symbol: '$',
      source_type: 'manual_csv',
      period_type: 'monthly',
      prizes: [75, 25],
    });
    await admin.json('POST', `/api/admin/leaderboard/platforms/${platform.body.data.id}/import`, { csv: 'payoutwhale,900\nMinnow,100\n' });
    const periods = (await api.client().json('GET', '/api/r/leaderboard/payout-casino/periods')).body.data.periods;
    const after = new Date(periods[0].endTimestamp + 60_000);
    const refresh = () => worker.get(LeaderboardRefreshService).refresh(platform.body.data.id, 'schedule', after);
    await waitFor(async () => ((await refresh()).status === 'busy' ? null : true));
    await Promise.all([refresh(), refresh()]);
    expect(
      (await rows('leaderboard', periods[0].id)).map((w) => [w.place, w.user_id, w.casino_username, w.amount, w.currency, w.status]),
    ).toEqual([
      [1, l.id, null, '75.00', '$', 'waiting_approval'],
      [2, null, 'Minnow', '25.00', '$', 'waiting_approval'],
    ]);

    // Store: a code item worth $10 is delivered by the worker on redemption.created; duplicates of it open nothing more.
    const [{ id: itemId }] = await em
      .fork()
      .execute<{ id: number }[]>(
        `insert into store_items (name, cost, quantity, fulfilment, value_usd) values ('Payout card', 100, 5, 'code', 10) returning id`,
      );
    await em.fork().execute(`insert into store_codes (item_id, code) values (?, 'PAY-1'), (?, 'PAY-2')`, [itemId, itemId]);
    const s = await member();
    await em
      .fork()
      .transactional((tx) =>
        api.app.get(EconomyService).credit(tx, { userId: s.id, amount: 500, reason: 'test.grant', idempotencyKey: `grant-${s.id}` }),
      );
    const redeemed = await s.client.json('POST', `/api/r/store/${itemId}/redeem`);
    expect(redeemed.status).toBe(200);
    const [{ id: redemptionId }] = await em.fork().execute<{ id: number }[]>('select id from store_redemptions where user_id = ?', [s.id]);
    await waitFor(async () => (await rows('store', redemptionId)).length === 1, 15_000, 'the store payout');
    const again = { redemptionId, userId: s.id, itemId };
    await Promise.all([dispatch(delivery('redemption.created', again)), dispatch(delivery('redemption.created', again))]);
    expect(await rows('store', redemptionId)).toEqual([
      expect.objectContaining({ user_id: s.id, value_usd: '10.00', status: 'paid', place: 1 }),
    ]);

    // Each member sees their prize on My prizes; the queue lists the open ones, oldest first.
    const mine = await r.client.json<{ data: MyPrize[] }>('GET', '/api/r/payouts/mine');
    expect(mine.body.data).toEqual([
      expect.objectContaining({
        source: 'raffle',
        prize: 'Headset',
        status: 'waiting_approval',
        claim_deadline: new Date(deadline!.claim_deadline).toISOString(),
      }),
    ]);
    const queue = await admin.json<{ data: AdminPayout[] }>('GET', '/api/admin/payouts?status=waiting_approval');
    expect(queue.body.data.map((q) => q.source).sort()).toEqual(['leaderboard', 'leaderboard', 'raffle']);
    expect(queue.body.data.find((q) => q.place === 2)!.recipient).toEqual({ user: null, casino_username: 'Minnow', name: 'Minnow' });

    // Every source's payout reaches its own member's My Prizes, and the queue lists it under its source.
    const winners = [
      { who: h, source: 'hunt', status: 'paid' },
      { who: p, source: 'tournament', status: 'paid' },
      { who: l, source: 'leaderboard', status: 'waiting_approval' },
      { who: s, source: 'store', status: 'paid' },
    ] as const;
    for (const w of winners) {
      const own = await w.who.client.json<{ data: MyPrize[] }>('GET', '/api/r/payouts/mine');
      expect(own.body.data.map((m) => [m.source, m.status])).toEqual([[w.source, w.status]]);
      const listed = await admin.json<{ data: AdminPayout[] }>('GET', `/api/admin/payouts?status=all&source=${w.source}`);
      expect(listed.body.data.filter((q) => q.recipient.user?.id === w.who.id).map((q) => [q.source, q.status])).toEqual([
        [w.source, w.status],
      ]);
    }
  });

  it('a rerolled raffle winner’s payout is cancelled with the reason and the new winner’s opens', async () => {
    const id = await openRaffle(admin, { title: 'Reroll payout', prize_value_usd: 30 });
    const [a, b] = [await member(), await member()];
    for (const m of [a, b]) await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' });
    await admin.json('POST', `/api/admin/raffles/${id}/draw`);
    const first = (await rows('raffle', id))[0]!;
    expect((await admin.json('POST', `/api/admin/raffles/${id}/reroll`, { position: 1, reason: 'No answer' })).status).toBe(200);
    const after = await rows('raffle', id);
    expect(after.map((w) => [w.user_id, w.status])).toEqual([
      [first.user_id, 'cancelled'],
      [first.user_id === a.id ? b.id : a.id, 'waiting_approval'],
    ]);
    const [reason] = await em
      .fork()
      .execute<{ reason: string }[]>(`select reason from payouts where source_id = ? and status = 'cancelled'`, [id]);
    expect(reason!.reason).toBe(PAYOUT_MESSAGES.rerolled('No answer'));
  });

  it('two admins marking one payout paid: one wins, the other gets a 409 naming who did it', async () => {
    const winner = await member();
    const id = await open(opening(winner.id, 700001));
    const second = await createUser(em, { role: 'Admin', username: 'PayoutDeputy' });
    const deputy = api.client();
    await deputy.loginAs(second.id);
    expect((await move(admin, id, { from: 'waiting_approval', to: 'approved' })).status).toBe(200);
    const [x, y] = await Promise.all([
      move(admin, id, { from: 'approved', to: 'paid', proof_reference: '0xabc' }),
      move(deputy, id, { from: 'approved', to: 'paid', proof_reference: '0xdef' }),
    ]);
    const answers = [x, y].map((res) => res.status).sort();
    expect(answers).toEqual([200, 409]);
    const won = x.status === 200 ? x : y;
    const lost = x.status === 200 ? y : x;
    const winnerName = won === x ? adminName : 'PayoutDeputy';
    expect(lost.body).toEqual({ success: false, message: PAYOUT_MESSAGES.changedBy(id, 'paid', winnerName) });
    expect(won.body.data).toMatchObject({ status: 'paid', changed_by: { username: winnerName } });
    // Each change is in the audit log, with the status before and after.
    const audits = await em
      .fork()
      .execute<{ before: { status: string } }[]>(
        `select before from audit_logs where action = 'payout.status' and entity_id = ? order by id`,
        [String(id)],
      );
    expect(audits.map((a) => a.before.status)).toEqual(['waiting_approval', 'approved']);
    // A stale view (it still says approved) is refused the same way, and bulk approval skips what is no longer waiting.
    expect((await move(deputy, id, { from: 'approved', to: 'failed', reason: 'x' })).status).toBe(409);
    const other = await open(opening(winner.id, 700002));
    const bulk = await admin.json('POST', '/api/admin/payouts/bulk-approve', { ids: [id, other] });
    expect(bulk.body).toEqual({ success: true, message: PAYOUT_MESSAGES.bulkApproved(1, 1), data: { approved: [other], skipped: [id] } });
  });

  it('refuses moves the status machine does not allow, and bad input, in the envelope', async () => {
    const id = await open(opening(null, 700003));
    const skip = await move(admin, id, { from: 'waiting_approval', to: 'paid', proof_reference: 'tx' });
    expect(skip.status).toBe(422);
    expect(skip.body.message).toBe(PAYOUT_MESSAGES.notAllowed('waiting_approval', 'paid'));
    await move(admin, id, { from: 'waiting_approval', to: 'approved' });
    const noProof = await move(admin, id, { from: 'approved', to: 'paid' });
    expect({ status: noProof.status, errors: noProof.body.errors }).toEqual({
      status: 422,
      errors: { proof_reference: [PAYOUT_MESSAGES.proofRequired] },
    });
    const noReason = await move(admin, id, { from: 'approved', to: 'failed' });
    expect(noReason.body.errors).toEqual({ reason: [PAYOUT_MESSAGES.reasonRequired] });
    expect((await move(admin, id, { from: 'approved', to: 'paid', proof_url: 'javascript:alert(1)' })).status).toBe(422);
    expect((await move(admin, id, { from: 'approved', to: 'shipped' })).status).toBe(422);
    expect((await move(admin, id, { from: 'approved', to: 'approved', extra: 1 })).status).toBe(422);
    expect((await move(admin, 2_147_483_000, { from: 'approved', to: 'paid', proof_reference: 'x' })).status).toBe(404);
    // Failed for good: only cancelling is left. Failed and retryable: back to processing.
    await move(admin, id, { from: 'approved', to: 'failed', reason: 'Wallet rejected', retryable: false });
    expect((await move(admin, id, { from: 'failed', to: 'processing' })).body.message).toBe(PAYOUT_MESSAGES.notRetryable);
    const retry = await open(opening(null, 700004));
    await move(admin, retry, { from: 'waiting_approval', to: 'approved' });
    await move(admin, retry, { from: 'approved', to: 'failed', reason: 'Network down', retryable: true });
    expect((await move(admin, retry, { from: 'failed', to: 'processing' })).body.data).toMatchObject({
      status: 'processing',
      reason: null,
    });
  });

  it('a proof screenshot is checked by its bytes and re-encoded; the winner sees it, strangers do not until it is public', async () => {
    const winner = await member();
    const id = await open(opening(winner.id, 700005, { source: 'leaderboard', subject: { title: 'Board', path: '/leaderboard' } }));
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'proof.png');
    const uploaded = await admin.request('POST', `/api/admin/payouts/${id}/proof-image`, { body: form });
    expect(uploaded.status).toBe(200);
    const [{ proof_image }] = await em.fork().execute<{ proof_image: string }[]>('select proof_image from payouts where id = ?', [id]);
    const stored = await readFile(join(stack.env.UPLOAD_DIR, 'private', proof_image));
    const meta = await sharp(stored).metadata();
    expect({ format: meta.format, width: meta.width, exif: meta.exif }).toEqual({ format: 'webp', width: 40, exif: undefined });

    const fake = new FormData();
    fake.append('file', new Blob([Buffer.from('<svg onload=alert(1)>')], { type: 'image/png' }), 'evil.png');
    const refused = await admin.request('POST', `/api/admin/payouts/${id}/proof-image`, { body: fake });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ success: false, message: 'File evil.png is not an image' });

    const path = `/api/r/payouts/${id}/proof-image`;
    expect((await winner.client.request('GET', path)).status).toBe(200);
    expect((await api.client().request('GET', path)).status).toBe(404);
    await move(admin, id, { from: 'waiting_approval', to: 'approved' });
    expect((await move(admin, id, { from: 'approved', to: 'paid' })).status).toBe(200);
    const shown = await api.client().request('GET', path);
    expect([shown.status, shown.headers.get('content-type')]).toEqual([200, 'image/webp']);
    // The streamer stops publishing leaderboard proof: the public page drops it and the image is private again.
    await admin.json('PUT', '/api/admin/payouts/settings', { proof_public_sources: ['raffle'] });
    expect((await api.client().request('GET', path)).status).toBe(404);
    const page = await api.client().json<{ data: PublicPayout[] }>('GET', '/api/r/payouts');
    expect(page.body.data.find((p) => p.id === id)).toMatchObject({ proof: null, source: 'leaderboard' });
    await admin.json('PUT', '/api/admin/payouts/settings', { proof_public_sources: ['raffle', 'leaderboard'] });
  });

  it('the member is pushed every change of their prize with a notification', async () => {
    const winner = await member();
    const socket = testSocket(api.url, winner.client);
    sockets.push(socket);
    const pushes: PayoutChangedPush[] = [];
    const notes: string[] = [];
    socket.on('payout:changed', (p: PayoutChangedPush) => pushes.push(p));
    socket.on('user:notification', (n: { message: string }) => notes.push(n.message));
    await socketConnected(socket);
    const id = await open(opening(winner.id, 700006, { prize: 'Chair' }));
    await waitFor(async () => pushes.some((p) => p.prize.id === id && p.prize.status === 'waiting_approval'), 10_000);
    await move(admin, id, { from: 'waiting_approval', to: 'approved' });
    await move(admin, id, { from: 'approved', to: 'paid', proof_url: 'https://explorer.example/tx/1' });
    const paid = await waitFor(async () => pushes.find((p) => p.prize.id === id && p.prize.status === 'paid') ?? null, 10_000);
    expect(paid.prize.proof).toEqual({ reference: null, url: 'https://explorer.example/tx/1', image: null });
    await waitFor(async () => notes.includes(payoutNotification('Chair', 'paid')), 10_000);
  });

  it('an open public Payouts page hears of a payout once, when it is marked paid', async () => {
    const winner = await member();
    const viewer = testSocket(api.url, api.client());
    sockets.push(viewer);
    const heard: number[][] = [];
    viewer.on('payouts:paid', (p: { ids: number[] }) => heard.push(p.ids));
    await socketConnected(viewer);
    expect(await viewer.timeout(5_000).emitWithAck('room:join', PAYOUTS_ROOM)).toMatchObject({ joined: true });
    const id = await open(opening(winner.id, 700007, { prize: 'Mic' }));
    await move(admin, id, { from: 'waiting_approval', to: 'approved' });
    await move(admin, id, { from: 'approved', to: 'paid', proof_url: 'https://explorer.example/tx/2' });
    await waitFor(async () => heard.some((ids) => ids.includes(id)), 10_000);
    expect(heard.flat().filter((heardId) => heardId === id)).toEqual([id]);
  });

  it('exports the ledger as CSV with the queue’s filters applied', async () => {
    const res = await admin.request('GET', '/api/admin/payouts/export.csv?status=paid&source=leaderboard');
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]!.startsWith('id,source,source_id,subject,place,recipient')).toBe(true);
    const body = lines.slice(1).map((l) => l.split(','));
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((cells) => cells[1] === 'leaderboard' && cells.includes('paid'))).toBe(true);
    const [{ n }] = await em
      .fork()
      .execute<{ n: number }[]>(`select count(*)::int as n from payouts where status = 'paid' and source = 'leaderboard'`);
    expect(body).toHaveLength(n);
    expect((await admin.request('GET', '/api/admin/payouts/export.csv?status=lost')).status).toBe(422);
  });

  it('total given away counts paid payouts only, and shows what is owed apart when the streamer wants', async () => {
    const total = async () => (await api.client().json('GET', '/api/r/stats/total-given-away')).body;
    const [{ paid, owed }] = await em.fork().execute<{ paid: string; owed: string }[]>(
      `select coalesce(sum(value_usd) filter (where status = 'paid'), 0)::text as paid,
              coalesce(sum(value_usd) filter (where status in ('waiting_approval', 'approved', 'processing') or (status = 'failed' and retryable)), 0)::text as owed
         from payouts`,
    );
    expect(await total()).toMatchObject({ total: Number(paid) });
    expect((await total()).pending_total).toBeUndefined();
    const id = await open(opening(null, 700007, { valueUsd: '100.00' }));
    await move(admin, id, { from: 'waiting_approval', to: 'approved' });
    expect((await total()).total).toBe(Number(paid));
    const before = await api.client().json<{ data: PublicPayout[] }>('GET', '/api/r/payouts');
    expect(before.body.data.map((p) => p.id)).not.toContain(id);
    await move(admin, id, { from: 'approved', to: 'paid', proof_reference: 'bank-ref-7' });
    expect((await total()).total).toBe(Number(paid) + 100);
    // Paid with its proof, it heads the public page, masked like the board, with the proof.
    const after = await api.client().json<{ data: PublicPayout[] }>('GET', '/api/r/payouts');
    expect(after.body.data[0]).toMatchObject({ id, recipient: 'Ca********', proof: { reference: 'bank-ref-7' } });
    expect((await admin.json('PUT', '/api/admin/payouts/settings', { show_pending_total: true })).status).toBe(200);
    expect(await total()).toMatchObject({ total: Number(paid) + 100, pending_total: Number(owed) });
    expect((await admin.json('PUT', '/api/admin/payouts/settings', { promise_hours: 0 })).status).toBe(422);
  });

  it('flags payouts that waited longer than the promise, in the queue and for Go live', async () => {
    const id = await open(opening(null, 700008));
    await em.fork().execute(`update payouts set status_changed_at = now() - interval '80 hours' where id = ?`, [id]);
    const overdue = await admin.json<{ data: AdminPayout[] }>('GET', '/api/admin/payouts?age=overdue&status=all');
    expect(overdue.body.data.map((p) => [p.id, p.overdue])).toContainEqual([id, true]);
    const flag = await admin.json('GET', '/api/admin/payouts-overdue');
    expect(flag.body.data).toEqual({ overdue: overdue.body.data.length, promise_hours: 72 });
  });
});
