import { Injectable, Param, type PipeTransform } from '@nestjs/common';
import { MAX_ROW_ID, isRowId } from '@kickback/contracts';
import { notFound } from './api-errors';

const DIGITS = new RegExp(`^\\d{1,${String(MAX_ROW_ID).length}}$`);

/**
 * A serial id from the path. Anything that cannot be one (text, zero, beyond PostgreSQL's integer)
 * names no row, so it is the resource's 404 rather than a 400 or a database range error.
 */
@Injectable()
export class RowIdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: string): number {
    const id = DIGITS.test(value) ? Number(value) : NaN;
    if (!isRowId(id)) throw notFound(this.notFoundMessage);
    return id;
  }
}

/** The path id pipe of every route; admin routes name no resource, member routes pass their SPEC message. */
export const rowId = (notFoundMessage = 'Not found.') => new RowIdPipe(notFoundMessage);

/**
 * A route's path id (`:id`, or the parameter `name`) as a row id: `@RowIdParam('Raffle not found') id: number`; a
 * value that names no row answers the resource's 404.
 */
export const RowIdParam = (notFoundMessage: string, name = 'id') => Param(name, rowId(notFoundMessage));
