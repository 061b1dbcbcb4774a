import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../lib/envelope.ts';

export default fp(
  async function healthRoutes(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: '健康检查',
          response: { 200: envelopeOf(z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) })) },
        },
      },
      async () => {
        await app.db.query('select 1');
        return ok({ status: 'ok' as const, db: app.db.kind });
      },
    );
  },
  { name: 'health', dependencies: ['db', 'envelope'] },
);
