import { Body, Delete, Get, Inject, Post, Put, type Type } from '@nestjs/common';
import type { z, ZodTypeAny } from 'zod';
import { CurrentUser, GoLive, ok, RowIdParam, zodPipe, type SessionUser } from '@kickback/platform';

/** A write's message: fixed, or made from what the service returned (a name, whether a row was kept). */
type Done<R> = string | ((result: R) => string);

interface Write<Args extends unknown[], R> {
  run: (...args: Args) => Promise<R>;
  done: Done<R>;
}

/**
 * One admin catalogue (a list of rows an admin creates, edits and deletes, each change audited by its service): which
 * service calls serve its routes and what each answers. Routes left out are not registered.
 */
export interface AdminCatalogue<S, C extends ZodTypeAny, U extends ZodTypeAny, RC, RU, RD> {
  /** The 404 message of an id that names no row. */
  notFound: string;
  /** `GET /`: the rows, as `data`. */
  list: (service: S) => Promise<unknown>;
  /** The reads Go live makes too: moderators may make them as well as admins. */
  goLive?: ('list' | 'get')[];
  /** `GET /:id`: one row. */
  get?: (service: S, id: number) => Promise<unknown>;
  /** `POST /`: 201 with the created row. */
  create?: Write<[service: S, actorId: number, input: z.infer<C>], RC> & { schema: C };
  /** `PUT /:id`: 200 with the saved row. */
  update?: Write<[service: S, actorId: number, id: number, changes: z.infer<U>], RU> & { schema: U };
  /** `DELETE /:id`: 200 with whatever `run` gives back as `data` (nothing, `null`, or the removed row). */
  remove?: Write<[service: S, actorId: number, id: number], RD>;
}

const NOT_DECLARED = (): never => {
  throw new Error('AdminCatalogue: a route that was not declared was called');
};

/** The body of a declared write, checked by its schema (an undeclared write is no route, so its body is never read). */
const bodyOf = (write?: { schema: ZodTypeAny }) => Body(...(write ? [zodPipe(write.schema)] : []));

/** A method decorator only when `on`: the catalogue's optional routes and roles. */
const when =
  (on: unknown, decorator: MethodDecorator): MethodDecorator =>
  (target, key, descriptor) =>
    on ? decorator(target, key, descriptor) : descriptor;

const answer = <R>(result: R, done: Done<R>) => ok(result, typeof done === 'string' ? done : done(result));

/**
 * The list/create/edit/delete routes every admin catalogue repeats (store items, badges, ticket categories…), written
 * once. A controller extends what this returns, under its own `@Controller` path and roles, and adds its own routes
 * beside these; it reaches the service as `this.service`.
 */
export function adminCatalogue<S, C extends ZodTypeAny, U extends ZodTypeAny, RC, RU, RD>(
  service: Type<S>,
  routes: AdminCatalogue<S, C, U, RC, RU, RD>,
) {
  const { create, update, remove } = routes;

  class AdminCatalogueController {
    @Inject(service) protected readonly service!: S;

    @Get()
    @when(routes.goLive?.includes('list'), GoLive())
    async list() {
      return ok(await routes.list(this.service));
    }

    @when(routes.get, Get(':id'))
    @when(routes.goLive?.includes('get'), GoLive())
    async get(@RowIdParam(routes.notFound) id: number) {
      return ok(await (routes.get ?? NOT_DECLARED)(this.service, id));
    }

    @when(create, Post())
    async create(@CurrentUser() user: SessionUser, @bodyOf(create) body: z.infer<C>) {
      const { run, done } = create ?? NOT_DECLARED();
      return answer(await run(this.service, user.id, body), done);
    }

    @when(update, Put(':id'))
    async update(@CurrentUser() user: SessionUser, @RowIdParam(routes.notFound) id: number, @bodyOf(update) body: z.infer<U>) {
      const { run, done } = update ?? NOT_DECLARED();
      return answer(await run(this.service, user.id, id, body), done);
    }

    @when(remove, Delete(':id'))
    async remove(@CurrentUser() user: SessionUser, @RowIdParam(routes.notFound) id: number) {
      const { run, done } = remove ?? NOT_DECLARED();
      return answer(await run(this.service, user.id, id), done);
    }
  }
  return AdminCatalogueController;
}
