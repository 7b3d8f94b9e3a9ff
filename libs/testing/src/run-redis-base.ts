/** Set by the integration run's global setup: where this run's block of Redis DBs starts (see testRedisUrl). */
export const REDIS_BASE_ENV = 'KICKBACK_TEST_REDIS_BASE';
