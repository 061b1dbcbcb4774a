import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The OpenAPI security of every route behind a guard: the bearer token. */
export const security = [{ token: [] }];

type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
const typed = (scope: FastifyInstance) => scope.withTypeProvider<ZodTypeProvider>();
/** A scope whose routes infer request and reply types from their zod schemas. */
export type ZodScope = ReturnType<typeof typed>;

/**
 * An encapsulated child scope whose every route runs `guard` first (`app.requireUser` or
 * `app.requireRole(...)`); the hook stays inside the scope, so sibling public routes are untouched.
 * `register` gets the zod-typed scope. With `multipart`, the scope accepts uploads with those limits
 * (registered before the guard, as the upload routes always did).
 */
export async function protectedScope(
  app: FastifyInstance,
  guard: Guard,
  register: (r: ZodScope) => void | Promise<void>,
  opts: { multipart?: FastifyMultipartOptions['limits'] } = {},
): Promise<void> {
  await app.register(async (scope) => {
    if (opts.multipart) await scope.register(multipart, { limits: opts.multipart });
    scope.addHook('onRequest', guard);
    await register(typed(scope));
  });
}
