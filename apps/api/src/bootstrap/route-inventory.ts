import type { INestApplication } from '@nestjs/common';

export interface RouteInfo {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route the Express router knows, for tests that must cover routes added later too. */
export function listRoutes(app: INestApplication): RouteInfo[] {
  const instance = app.getHttpAdapter().getInstance() as { router?: { stack: Layer[] }; _router?: { stack: Layer[] } };
  const stack = (instance.router ?? instance._router)?.stack ?? [];
  const routes: RouteInfo[] = [];
  for (const layer of stack) {
    if (!layer.route) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) {
      if (on && method !== '_all') routes.push({ method: method.toUpperCase(), path: layer.route.path });
    }
  }
  return routes;
}

/** Turns a route pattern into a concrete path: params become 1, wildcards a short segment. */
export function concretePath(pattern: string): string {
  return (
    pattern
      .replace(/\{\/?\*[^}]+\}/g, '')
      .replace(/\*\w*/g, 'x')
      .replace(/:\w+/g, '1') || '/'
  );
}
