import { ArrayType, Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { CountryRuleMode } from '@kickback/contracts';

@Entity({ tableName: 'affiliates' })
export class AffiliateRow {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'benefits' | 'position' | 'isActive' | 'logoUrl' | 'countryMode' | 'countries';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'string', nullable: true })
  logoUrl: string | null = null;

  @Property({ type: 'string' })
  redirectUrl!: string;

  @Property({ type: 'string' })
  code!: string;

  @Property({ type: 'json' })
  benefits: string[] = [];

  @Property({ type: 'integer' })
  position = 0;

  @Property({ type: 'boolean' })
  isActive = true;

  @Property({ type: 'string' })
  countryMode: CountryRuleMode = 'everywhere';

  @Property({ type: ArrayType })
  countries: string[] = [];

  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
