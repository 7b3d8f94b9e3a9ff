import { isBackendOutage } from './backend-outage';

const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

describe('isBackendOutage', () => {
  it.each([
    ['ioredis giving up on a command', named('MaxRetriesPerRequestError')],
    ['ioredis on a closed connection', new Error('Connection is closed.')],
    ['PostgreSQL shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['PostgreSQL starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a pg client after its socket died', new Error('COMMIT; - Client has encountered a connection error and is not queryable')],
    ['the pool that cannot connect', named('KnexTimeoutError', 'Knex: Timeout acquiring a connection.')],
    ['an outage wrapped by the ORM', Object.assign(new Error('query failed'), { previous: { code: '08006' } })],
  ])('recognises %s', (_label, err) => expect(isBackendOutage(err)).toBe(true));

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a constraint violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a non-error', 'Connection is closed'],
    ['null', null],
  ])('does not take %s for an outage', (_label, err) => expect(isBackendOutage(err)).toBe(false));
});
