import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_MIN_AGE, type AgeAnswer } from '@kickback/contracts';
import { SafetyRepository } from './safety.repository';
import { SafetyStatsService } from './safety-stats.service';

/**
 * The gate's answer. A member's "Yes" is kept on the account with its time (never asked again on any browser), and
 * logged for the streamer's records; every answer is counted for the day, without who gave it.
 */
@Injectable()
export class AgeGateService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: SafetyRepository,
    private readonly stats: SafetyStatsService,
  ) {}

  async answer(userId: number | null, { answer }: AgeAnswer, age: number, country: string | null): Promise<void> {
    if (answer === 'yes' && userId) await this.repository.confirmAge(this.em.fork(), userId, age, country);
    await this.stats.countAnswer(answer);
  }

  /**
   * At login: a "Yes" this browser gave before its member logged in (the age it confirmed) becomes the account's, so
   * no other browser asks them again. Not counted again: the answer was counted when it was given.
   */
  async adoptBrowserAnswer(userId: number, age: number, country: string | null): Promise<void> {
    if (age < DEFAULT_MIN_AGE) return;
    await this.em.fork().transactional((tx) => this.repository.adoptAge(tx, userId, age, country));
  }
}
