import type { INestApplication } from '@nestjs/common';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { GATEWAY_METADATA, MESSAGE_METADATA } from '@nestjs/websockets/constants';
import { plainSocketEventOf } from '../realtime/plain-socket-event';

export interface RouteInfo {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route the Express router knows, for tests that must cover routes added later too. */
export function listRoutes(app: INestApplication): RouteInfo[] {
  return listRouteHandlers(app).flatMap(({ path, methods }) => methods.map((method) => ({ method, path })));
}

/** The router's handlers one by one with their methods (a catch-all answering every method is one handler). */
export function listRouteHandlers(app: INestApplication): { path: string; methods: string[] }[] {
  const instance = app.getHttpAdapter().getInstance() as { router?: { stack: Layer[] }; _router?: { stack: Layer[] } };
  const stack = (instance.router ?? instance._router)?.stack ?? [];
  return stack.flatMap((layer) =>
    layer.route
      ? [
          {
            path: layer.route.path,
            methods: Object.entries(layer.route.methods)
              .filter(([method, on]) => on && method !== '_all')
              .map(([method]) => method.toUpperCase()),
          },
        ]
      : [],
  );
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

/**
 * Every client→server event the api's Socket.IO gateways subscribe to, read from Nest's gateway metadata and the
 * plain listeners' (PlainSocketEvent).
 */
export function listSocketEvents(app: INestApplication): string[] {
  const events = new Set<string>();
  const scanner = new MetadataScanner();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.providers.values()) {
      const { metatype, instance } = wrapper;
      if (!metatype || !instance || !Reflect.getMetadata(GATEWAY_METADATA, metatype)) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const message: unknown = Reflect.getMetadata(MESSAGE_METADATA, prototype[name] as object);
        if (typeof message === 'string') events.add(message);
        const plain = plainSocketEventOf(prototype[name]);
        if (plain) events.add(plain);
      }
    }
  }
  return [...events].sort();
}
