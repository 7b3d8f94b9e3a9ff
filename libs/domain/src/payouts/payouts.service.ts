import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import type { MyPrize, Pagination, PayoutMonthTotal, PublicPayout, TotalGivenAway } from '@kickback/contracts';
import { ImageUploadService, InjectRedis, pagination, type SessionUser } from '@kickback/platform';
import { PayoutsRepository } from './payouts.repository';
import { toMyPrize, toPublicPayout } from './payout-views';

const PER_PAGE = 24;
/** Redis key of the total given away (paid, and owed when shown): cleared after every change of a payout. */
export const TOTAL_GIVEN_AWAY_KEY = 'cache:payouts:total-given-away:v1';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The payout ledger as members and the public read it, and the total given away. See docs/payouts.md. */
@Injectable()
export class PayoutsService {
  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly repository: PayoutsRepository,
    private readonly uploads: ImageUploadService,
  ) {}

  async mine(userId: number, page: number): Promise<{ data: MyPrize[]; pagination: Pagination }> {
    const { rows, total } = await this.repository.ofMember(this.em.fork(), userId, PER_PAGE, (page - 1) * PER_PAGE);
    return { data: rows.map(toMyPrize), pagination: pagination(page, PER_PAGE, total) };
  }

  /** The public Payouts page: paid prizes, newest first, and the paid dollars of the last twelve months. */
  async paid(page: number): Promise<{ data: PublicPayout[]; pagination: Pagination; months: PayoutMonthTotal[] }> {
    const em = this.em.fork();
    const [{ rows, total }, settings, months] = await Promise.all([
      this.repository.paid(em, PER_PAGE, (page - 1) * PER_PAGE),
      this.repository.settings(em),
      this.repository.monthTotals(em, 12),
    ]);
    const published = new Set(settings.proof_public_sources);
    return {
      data: rows.map((r) => toPublicPayout(r, published.has(r.source))),
      pagination: pagination(page, PER_PAGE, total),
      months: months.map((m) => ({ month: m.month, total_usd: Number(m.total), count: m.count })),
    };
  }

  /** The home page's figure: paid dollars, and what is still owed when the streamer shows it apart. */
  async totalGivenAway(): Promise<Omit<TotalGivenAway, 'success'>> {
    const cached = await this.redis.get(TOTAL_GIVEN_AWAY_KEY);
    if (cached) return JSON.parse(cached) as Omit<TotalGivenAway, 'success'>;
    const em = this.em.fork();
    const [totals, settings] = await Promise.all([this.repository.totals(em), this.repository.settings(em)]);
    const paid = Number(totals.paid);
    const owed = Number(totals.owed);
    const result: Omit<TotalGivenAway, 'success'> = {
      total: paid,
      formatted_total: usd.format(paid),
      ...(settings.show_pending_total ? { pending_total: owed, formatted_pending_total: usd.format(owed) } : {}),
    };
    await this.redis.set(TOTAL_GIVEN_AWAY_KEY, JSON.stringify(result), 'EX', 300);
    return result;
  }

  /**
   * The file of a payout's proof screenshot, for whoever may see it: admins, the winner, and everyone once it is paid
   * where the streamer publishes proof for its source. Null otherwise, so an id reveals nothing.
   */
  async proofImageFor(id: number, viewer: SessionUser | null): Promise<string | null> {
    const em = this.em.fork();
    const [row, settings] = await Promise.all([this.repository.byId(em, id), this.repository.settings(em)]);
    if (!row?.proof_image) return null;
    const published = row.status === 'paid' && settings.proof_public_sources.includes(row.source);
    const allowed = published || viewer?.role === 'Admin' || (viewer !== null && viewer.id === row.user_id);
    return allowed ? this.uploads.privatePath(row.proof_image) : null;
  }

  /** Call after a commit that changed what is paid or owed. */
  async invalidateTotals(): Promise<void> {
    await this.redis.del(TOTAL_GIVEN_AWAY_KEY);
  }
}
