import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { Request } from 'express';
import { INVALID_DATA_MESSAGE, MAX_ERROR_FIELDS, malformedInput } from '@kickback/platform';
import { READS_RAW_BODY } from './declared-input';

/** What a handler reads of one input: the whole of it (its schema pipe rules on every field), or these named fields. */
type Declared = 'whole' | ReadonlySet<string>;

interface HandlerInputs {
  body: Declared;
  query: Declared;
}

interface RouteArg {
  index: number;
  data?: unknown;
}

const NO_BODY_MESSAGE = 'This request takes no body.';

/**
 * Strict input on every /api route, including those that read nothing: a body field or query parameter that the
 * handler does not declare (by a whole-input schema, or by name) is refused with the SPEC's 422 before any pipe or
 * handler runs, so an unread `{"a":"\u0000"}`, `?x=%00` or `{"__proto__":1}` never reaches a route that would have
 * ignored it. Whole inputs are the schema pipe's to refuse (every contract schema is strict). Pages, the OAuth
 * callback and overlays (outside /api) render whatever query a browser or a provider adds, and store nothing of it.
 */
@Injectable()
export class DeclaredInputGuard implements CanActivate {
  private readonly inputs = new WeakMap<object, HandlerInputs>();

  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const req = ctx.switchToHttp().getRequest<Request>();
    if (!req.path.startsWith('/api/')) return true;
    const declared = this.declaredInputs(ctx);
    const errors = new Map<string, string[]>();
    undeclared(req.query, declared.query, errors);
    if (declared.body !== 'whole') {
      const body: unknown = req.body;
      if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) errors.set('_', [NO_BODY_MESSAGE]);
      else if (body) undeclared(body as Record<string, unknown>, declared.body, errors);
    }
    if (errors.size) throw malformedInput(INVALID_DATA_MESSAGE, Object.fromEntries(errors));
    return true;
  }

  private declaredInputs(ctx: ExecutionContext): HandlerInputs {
    const handler = ctx.getHandler();
    let found = this.inputs.get(handler);
    if (!found) {
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, ctx.getClass(), handler.name) ?? {}) as Record<string, RouteArg>;
      const rawBody = this.reflector.get<boolean | undefined>(READS_RAW_BODY, handler) === true;
      found = { body: rawBody ? 'whole' : declaredOf(args, RouteParamtypes.BODY), query: declaredOf(args, RouteParamtypes.QUERY) };
      this.inputs.set(handler, found);
    }
    return found;
  }
}

function declaredOf(args: Record<string, RouteArg>, type: RouteParamtypes): Declared {
  const names = new Set<string>();
  for (const [key, arg] of Object.entries(args)) {
    if (key.split(':')[0] !== String(type)) continue;
    if (typeof arg.data !== 'string') return 'whole';
    names.add(arg.data);
  }
  return names;
}

/** Adds every key of `input` outside `declared` (a few at most) as an unknown field. */
function undeclared(input: Record<string, unknown>, declared: Declared, errors: Map<string, string[]>): void {
  if (declared === 'whole') return;
  for (const key of Object.keys(input)) {
    if (errors.size >= MAX_ERROR_FIELDS) return;
    if (!declared.has(key)) errors.set(key, ['Unknown field.']);
  }
}
