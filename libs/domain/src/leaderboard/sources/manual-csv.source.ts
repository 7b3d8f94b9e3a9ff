import type { LeaderboardSource, SourceContext, SourceRow } from './source-adapter';

/** Rows an admin imported for the current period (see ManualImportService). */
export class ManualCsvSource implements LeaderboardSource {
  readonly type = 'manual_csv' as const;

  fetch(ctx: SourceContext): Promise<SourceRow[]> {
    return ctx.loadManualRows();
  }
}
