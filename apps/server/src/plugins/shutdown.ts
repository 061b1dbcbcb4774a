import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown: requests still running when close() starts finish normally, and their
 * responses carry `Connection: close`, so keep-alive sockets end with them instead of holding
 * the server open until the keep-alive timeout.
 */
export default fp(
  async function shutdown(app: FastifyInstance) {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_req, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'shutdown' },
);
