import { SetMetadata } from '@nestjs/common';

export const READS_RAW_BODY = 'kickback:reads-raw-body';

/**
 * Marks a handler that reads its request body itself (a text/csv upload streamed with its own limit) and validates
 * it with a schema there, so DeclaredInputGuard lets a body through that no @Body parameter declares.
 */
export const ReadsRawBody = () => SetMetadata(READS_RAW_BODY, true);
