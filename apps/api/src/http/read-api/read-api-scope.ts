import { SetMetadata } from '@nestjs/common';
import type { ReadApiScope } from '@kickback/contracts';

export const READ_API_SCOPE = 'kickback:read-api-scope';

/** The scope a read API route needs; ReadApiTokenGuard refuses a token without it. */
export const ReadScope = (scope: ReadApiScope) => SetMetadata(READ_API_SCOPE, scope);
