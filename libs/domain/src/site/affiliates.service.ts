import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { countryAllows, type AdminAffiliate, type Affiliate, type AffiliateInput, type CountryRule } from '@kickback/contracts';
import { AuditLogService, OutboxService, VersionedAnswerCache, notFound, unprocessable } from '@kickback/platform';
import { AffiliateRow } from './affiliate.entity';
import { SITE_ANSWERS } from './site-cache';
import { SiteRepository } from './site.repository';

function toPublic(row: AffiliateRow): Affiliate {
  return { id: row.id, name: row.name, logo_url: row.logoUrl, redirect_url: row.redirectUrl, code: row.code, benefits: row.benefits };
}

const ruleOf = (row: AffiliateRow): CountryRule => ({ mode: row.countryMode, countries: row.countries });

function toAdmin(row: AffiliateRow): AdminAffiliate {
  return { ...toPublic(row), position: row.position, is_active: row.isActive, countries: ruleOf(row) };
}

/** What the shared answer keeps of an active card: the public card and where it may be shown. */
interface SharedCard {
  card: Affiliate;
  rule: CountryRule;
}

/** Who is asking, as far as offers go (ViewerSafety): offers at all, and from which country. */
export interface OfferViewer {
  offers: boolean;
  country: string | null;
}

@Injectable()
export class AffiliatesService {
  constructor(
    private readonly em: EntityManager,
    private readonly answers: VersionedAnswerCache,
    private readonly audit: AuditLogService,
    private readonly outbox: OutboxService,
    private readonly repository: SiteRepository,
  ) {}

  /**
   * The cards this viewer may see: none without offers (the age gate, a break), and of the rest only those whose
   * country rule lets the viewer's country in. Hidden cards are left out of the answer, not merely undrawn.
   */
  async listFor(viewer: OfferViewer): Promise<Affiliate[]> {
    if (!viewer.offers) return [];
    const answer = await this.answers.read(SITE_ANSWERS.affiliates, async () => {
      const rows = await this.em.fork().find(AffiliateRow, { isActive: true }, { orderBy: { position: 'asc', id: 'asc' } });
      const cards: SharedCard[] = rows.map((row) => ({ card: toPublic(row), rule: ruleOf(row) }));
      return { body: JSON.stringify(cards), meta: null };
    });
    return (JSON.parse(answer.body) as SharedCard[]).filter((c) => countryAllows(c.rule, viewer.country)).map((c) => c.card);
  }

  async listAdmin(): Promise<AdminAffiliate[]> {
    const rows = await this.em.fork().find(AffiliateRow, {}, { orderBy: { position: 'asc', id: 'asc' } });
    return rows.map(toAdmin);
  }

  async create(actorId: number, input: AffiliateInput): Promise<AdminAffiliate> {
    return this.change(actorId, 'affiliate.create', async (tx) => {
      const next = await this.repository.nextAffiliatePosition(tx);
      const row = tx.create(AffiliateRow, {
        name: input.name,
        logoUrl: input.logo_url,
        redirectUrl: input.redirect_url,
        code: input.code,
        benefits: input.benefits,
        isActive: input.is_active,
        countryMode: input.countries.mode,
        countries: input.countries.countries,
        position: next,
      });
      await tx.flush();
      return { id: row.id, before: null, after: toAdmin(row) };
    });
  }

  async update(actorId: number, id: number, input: Partial<AffiliateInput>): Promise<AdminAffiliate> {
    return this.change(actorId, 'affiliate.update', async (tx) => {
      const row = await this.find(tx, id);
      const before = toAdmin(row);
      if (input.name !== undefined) row.name = input.name;
      if (input.logo_url !== undefined) row.logoUrl = input.logo_url;
      if (input.redirect_url !== undefined) row.redirectUrl = input.redirect_url;
      if (input.code !== undefined) row.code = input.code;
      if (input.benefits !== undefined) row.benefits = input.benefits;
      if (input.is_active !== undefined) row.isActive = input.is_active;
      if (input.countries !== undefined) {
        row.countryMode = input.countries.mode;
        row.countries = input.countries.countries;
      }
      await tx.flush();
      return { id, before, after: toAdmin(row) };
    });
  }

  async remove(actorId: number, id: number): Promise<void> {
    await this.change(actorId, 'affiliate.delete', async (tx) => {
      const row = await this.find(tx, id);
      const before = toAdmin(row);
      tx.remove(row);
      await tx.flush();
      return { id, before, after: null };
    });
  }

  /** `ids` must list every affiliate exactly once, in the new order. */
  async reorder(actorId: number, ids: number[]): Promise<AdminAffiliate[]> {
    await this.change(actorId, 'affiliate.reorder', async (tx) => {
      const rows = await tx.find(AffiliateRow, {}, { orderBy: { position: 'asc', id: 'asc' } });
      const known = new Set(rows.map((r) => r.id));
      if (ids.length !== rows.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
        throw unprocessable('The order must list every affiliate once.', { ids: ['The order must list every affiliate once.'] });
      }
      const before = rows.map((r) => r.id);
      const byId = new Map(rows.map((r) => [r.id, r]));
      ids.forEach((id, index) => (byId.get(id)!.position = index));
      await tx.flush();
      return { id: null, before, after: ids };
    });
    return this.listAdmin();
  }

  private async find(tx: EntityManager, id: number): Promise<AffiliateRow> {
    const row = await tx.findOne(AffiliateRow, { id });
    if (!row) throw notFound('Affiliate not found.');
    return row;
  }

  private async change<T>(
    actorId: number,
    action: string,
    work: (tx: EntityManager) => Promise<{ id: number | null; before: unknown; after: T }>,
  ): Promise<T> {
    const result = await this.audit.audited({ actorId, action, entity: 'affiliate' }, async (tx) => {
      const r = await work(tx);
      await this.outbox.add(tx, 'site.affiliates-updated', { at: new Date().toISOString() });
      return { entityId: r.id, before: r.before, after: r.after };
    });
    await this.answers.invalidate(SITE_ANSWERS.affiliates);
    return result;
  }
}
