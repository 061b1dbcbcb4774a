import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI description of every route at /api/docs (docs/product.md §7). */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: '中山市标准信息公共服务平台 API',
          version: '1.0.0',
          description: '所有接口返回 { code, msg, data } 信封，code 0 为成功。',
        },
        components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
