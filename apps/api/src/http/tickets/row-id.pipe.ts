import { Injectable, type PipeTransform } from '@nestjs/common';
import { notFound } from '@kickback/platform';

const MAX_SERIAL = 2_147_483_647;

/**
 * A serial id from the path. Anything that cannot be one (text, zero, beyond PostgreSQL's integer)
 * names no row, so it is the resource's 404 rather than a 400 or a database range error.
 */
@Injectable()
export class RowIdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > MAX_SERIAL) throw notFound(this.notFoundMessage);
    return id;
  }
}

export const rowId = (notFoundMessage: string) => new RowIdPipe(notFoundMessage);
