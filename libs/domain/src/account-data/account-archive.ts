import { ACCOUNT_ARCHIVE_PARTS } from '@kickback/contracts';

/** The archive's name for its format, so a reader knows which parts to expect. */
export const ACCOUNT_ARCHIVE_FORMAT = 'kickback-account-archive-v1';

export type AccountArchivePart = (typeof ACCOUNT_ARCHIVE_PARTS)[number];

/** What "Download my data" holds: every listed part, and the site and time it was made. */
export type AccountArchive = { format: typeof ACCOUNT_ARCHIVE_FORMAT; site: string; generated_at: string } & Record<
  AccountArchivePart,
  unknown
>;

export const archiveFileName = (exportId: number) => `kickback-my-data-${exportId}.json`;
