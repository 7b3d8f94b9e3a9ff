import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { SLOT_TEXTS, type SlotCatalogueList, type SlotCatalogueQuery, type SlotPublicDetail } from '@kickback/contracts';
import { notFound, pagination } from '@kickback/platform';
import { SlotCatalogueReadRepository } from './slot-catalogue.repository';

const PER_PAGE = 24;
/** The hunts a slot's page lists (newest first); the figures cover every one. */
const HUNTS_SHOWN = 100;

/** The public slot catalogue and a slot's page: facts and the worker's figures, read as stored. */
@Injectable()
export class SlotCatalogueReadService {
  constructor(
    private readonly em: EntityManager,
    private readonly slots: SlotCatalogueReadRepository,
  ) {}

  async list(query: SlotCatalogueQuery): Promise<SlotCatalogueList> {
    const { total, rows } = await this.slots.page(this.em.fork(), query, PER_PAGE, (query.page - 1) * PER_PAGE);
    return { data: rows, pagination: pagination(query.page, PER_PAGE, total) };
  }

  async get(id: number): Promise<SlotPublicDetail> {
    const em = this.em.fork();
    const slot = await this.slots.one(em, id);
    if (!slot) throw notFound(SLOT_TEXTS.notFound);
    return { ...slot, hunts: await this.slots.hunts(em, id, HUNTS_SHOWN) };
  }
}
