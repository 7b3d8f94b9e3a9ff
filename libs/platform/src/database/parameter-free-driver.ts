import type { Configuration, Dictionary, DriverException } from '@mikro-orm/core';
import {
  AbstractSqlDriver,
  PostgreSqlConnection,
  PostgreSqlExceptionConverter,
  PostgreSqlPlatform,
  type Knex,
} from '@mikro-orm/postgresql';
import { statementShape } from './statement-shape';

const STATEMENT = Symbol('failed statement');
const SQLSTATE = /^[0-9A-Z]{5}$/;
/** What a PostgreSQL error says about where it failed, never about the values: these fields alone are kept. */
const KEPT_FIELDS = ['code', 'severity', 'constraint', 'schema', 'table', 'column', 'dataType', 'routine'] as const;

type DriverError = Error & Dictionary & { [STATEMENT]?: string };

/** Remembers on a driver error the SQL that failed (as knex sent it), for withoutParameters to cut it out. */
export function markStatement(error: unknown, sql: unknown): void {
  if (error instanceof Error && typeof sql === 'string') (error as DriverError)[STATEMENT] = sql;
}

/**
 * The error a failed statement becomes, without its parameters. knex prefixes the driver's message with the statement,
 * its values inlined (a raffle password's scrypt hash, a secret seed, a member's name), and PostgreSQL's own message
 * and `detail` may quote a value (`Key (username)=(…)`, `invalid input syntax …: "…"`). Kept: the driver's code, the
 * constraint, table and column, and the statement's shape; a connection failure (no SQLSTATE) keeps its own message,
 * which names no value and by which outages are recognised.
 */
export function withoutParameters(error: DriverError): DriverError {
  const statement = error[STATEMENT];
  const driverMessage = statement && error.message.startsWith(`${statement} - `) ? error.message.slice(statement.length + 3) : null;
  const shape = statement ? statementShape(statement) : 'a statement';
  const code = typeof error.code === 'string' ? error.code : undefined;
  const parts: string[] = [];
  if (code && SQLSTATE.test(code)) {
    parts.push(`PostgreSQL error ${code}`);
    if (typeof error.constraint === 'string') parts.push(`constraint ${error.constraint}`);
    else if (typeof error.table === 'string')
      parts.push(`table ${error.table}${typeof error.column === 'string' ? `.${error.column}` : ''}`);
  } else {
    parts.push(driverMessage ?? (statement ? 'the driver failed' : error.message));
  }
  const clean: DriverError = new Error(`${parts.join(', ')} in: ${shape}`);
  clean.name = error.name;
  for (const field of KEPT_FIELDS) if (error[field] !== undefined) clean[field] = error[field];
  if (statement) clean.statement = shape;
  return clean;
}

class ParameterFreeExceptionConverter extends PostgreSqlExceptionConverter {
  override convertException(exception: DriverError): DriverException {
    return super.convertException(withoutParameters(exception));
  }
}

class ParameterFreePlatform extends PostgreSqlPlatform {
  protected override readonly exceptionConverter = new ParameterFreeExceptionConverter();
}

/** Marks a failed statement's error with its SQL (knex tells it to listeners before throwing), for the converter. */
class StatementMarkingConnection extends PostgreSqlConnection {
  protected override createKnexClient(type: string): Knex {
    return super.createKnexClient(type).on('query-error', (error: unknown, query?: { sql?: unknown }) => markStatement(error, query?.sql));
  }
}

/** MikroORM's PostgreSQL driver whose errors never carry a statement's parameters (see withoutParameters). */
export class ParameterFreePostgreSqlDriver extends AbstractSqlDriver<PostgreSqlConnection, PostgreSqlPlatform> {
  constructor(config: Configuration) {
    super(config, new ParameterFreePlatform(), StatementMarkingConnection, ['knex', 'pg']);
  }
}
