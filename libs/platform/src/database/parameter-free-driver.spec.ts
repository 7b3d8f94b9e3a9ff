import { markStatement, withoutParameters } from './parameter-free-driver';
import { statementShape } from './statement-shape';

/** An error as knex throws it for `sql` (the statement before the driver's message), marked as the connection does. */
function failed(sql: string, driverMessage: string, fields: Record<string, unknown> = {}): Error {
  const error = Object.assign(new Error(`${sql} - ${driverMessage}`), fields);
  markStatement(error, sql);
  return error;
}

describe('database errors without parameters', () => {
  it("a statement's shape keeps its tables and columns and drops every literal MikroORM inlined", () => {
    const sql =
      "update raffles set title = 'it''s mine', password_hash = E'scrypt$4096\\\\x', seed = 'abc123', points = 42, ok = true where id in (1, 2, 3)";
    expect(statementShape(sql)).toBe('update raffles set title = ?, password_hash = ?, seed = ?, points = ?, ok = true where id in (?, …)');
    expect(statementShape(`select ${'x, '.repeat(300)}1`)).toMatch(/…$/);
  });

  it('keeps the code, constraint and shape of a failed statement, never its values or the detail that quotes them', () => {
    const sql = "insert into users (username, email) values ('alice', 'alice@example.com')";
    const clean = withoutParameters(
      failed(sql, 'duplicate key value violates unique constraint "users_username_key"', {
        code: '23505',
        constraint: 'users_username_key',
        table: 'users',
        detail: 'Key (username)=(alice) already exists.',
      }),
    );
    expect(clean.message).toBe(
      'PostgreSQL error 23505, constraint users_username_key in: insert into users (username, email) values (?, …)',
    );
    expect(clean).toMatchObject({ code: '23505', constraint: 'users_username_key', table: 'users' });
    expect(JSON.stringify({ ...clean, message: clean.message, stack: clean.stack })).not.toMatch(/alice/);
  });

  it('a connection failure keeps its own message (outages are recognised by it), without the statement', () => {
    const sql = "update wallets set balance = balance - 100 where note = 'x - y'";
    const clean = withoutParameters(failed(sql, 'Connection terminated unexpectedly'));
    expect(clean.message).toBe('Connection terminated unexpectedly in: update wallets set balance = balance - ? where note = ?');
  });
});
