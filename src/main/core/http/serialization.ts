import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type RouteDefinition = Parameters<ReturnType<SerializerFactory>>[0];

/** A route's response serializer, compiled by fast-json-stringify on its first use. */
export interface LazySerializer {
  (data: unknown): string;
  readonly route: RouteDefinition;
  /** Compiles it now (once): what its first use would do. */
  compile(): void;
}

/**
 * Fastify's own serializer factory (fast-json-stringify, the same options, the same output), each route's
 * serializer compiled on its first answer rather than at start-up: compiling the response schemas of
 * every route (each with its 4xx body) was the largest piece of a server's start (docs/PERFORMANCE.md,
 * "Cold start"), most of it for routes a session never calls. `made` receives every serializer handed to
 * Fastify (a test compiles them all, as a start-up once did).
 */
export function lazySerializerFactory(made?: (serializer: LazySerializer) => void): SerializerFactory {
  const fastifyDefault = SerializerSelector();
  return (externalSchemas, options) => {
    const compileFor = fastifyDefault(externalSchemas, options);
    return (route) => {
      let compiled: ((data: unknown) => string) | undefined;
      const serializer = ((data: unknown) => (compiled ??= compileFor(route))(data)) as LazySerializer;
      Object.assign(serializer, { route, compile: () => void (compiled ??= compileFor(route)) });
      made?.(serializer);
      return serializer;
    };
  };
}
