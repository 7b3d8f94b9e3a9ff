import type { LeaderboardSourceType } from '@kickback/contracts';
import type { LeaderboardSource } from './source-adapter';
import { RoobetSource } from './roobet.source';
import { ShuffleSource } from './shuffle.source';
import { RainbetSource } from './rainbet.source';
import { GamdomSource } from './gamdom.source';
import { StakeSource } from './stake.source';
import { GenericJsonSource } from './generic-json.source';
import { ManualCsvSource } from './manual-csv.source';

const SOURCES: Record<LeaderboardSourceType, LeaderboardSource> = {
  roobet: new RoobetSource(),
  shuffle: new ShuffleSource(),
  rainbet: new RainbetSource(),
  gamdom: new GamdomSource(),
  stake: new StakeSource(),
  generic_json: new GenericJsonSource(),
  manual_csv: new ManualCsvSource(),
};

export const sourceFor = (type: LeaderboardSourceType): LeaderboardSource => SOURCES[type];
