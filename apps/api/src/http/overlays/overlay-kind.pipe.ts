import { Injectable, type PipeTransform } from '@nestjs/common';
import { isOverlayKind, type OverlayKind } from '@kickback/contracts';
import { notFound } from '@kickback/platform';

/** A route's :kind as an overlay kind; anything else is a 404 like an unknown row. */
@Injectable()
export class OverlayKindPipe implements PipeTransform<unknown, OverlayKind> {
  transform(value: unknown): OverlayKind {
    if (!isOverlayKind(value)) throw notFound('Overlay not found.');
    return value;
  }
}
