import type { PointsImportBatch, PointsImportPreview } from '@kickback/contracts';

/** The dry run of a two-row file: one member matched, one name unknown. */
export const preview: PointsImportPreview = {
  format: 'csv',
  rows_read: 2,
  matched: {
    count: 1,
    points: 1200,
    rows: [{ kick_username: 'luke', points: 1200, watch_minutes: null, user: { id: 5, username: 'LuckyLuke' } }],
  },
  unknown: { count: 1, points: 40, rows: [{ kick_username: 'newbie', points: 40, watch_minutes: null }] },
  duplicates: { count: 0, rows: [] },
  invalid: { count: 0, rows: [] },
  total_points: 1240,
  total_watch_minutes: 0,
  already_applied: null,
};

/** That file applied: one member credited, one waiting. */
export const batch: PointsImportBatch = {
  id: 3,
  format: 'csv',
  status: 'applied',
  rows: 2,
  total_points: 1240,
  total_watch_minutes: 0,
  credited: 1,
  waiting: 1,
  created_by: 'StreamBoss',
  created_at: '2026-11-27T15:00:00.000Z',
  rolled_back_at: null,
};
