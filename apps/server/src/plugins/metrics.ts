import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Port of the separate metrics listener when METRICS_PORT is set (0 picks a free one). */
    metricsPort: number | null;
    /** Where a module registers its own metrics; null when metrics are off. */
    metricsRegistry: Registry | null;
  }
}

/** Builds the registry: request rate and latency per route, database pool, Node's own figures (event-loop lag). */
function createRegistry(app: FastifyInstance) {
  const register = new Registry();
  collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    registers: [register],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (PGlite: one embedded connection)',
    labelNames: ['state'],
    registers: [register],
    collect() {
      const s = app.db.poolStats?.() ?? { total: 1, idle: 1, waiting: 0 };
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  // The read replica (DATABASE_REPLICA_URL): 1 while it serves the public reads, 0 while the primary does.
  new Gauge({
    name: 'db_replica_serving',
    help: 'Read replica serving the public reads (1) or fallen back to the primary (0); absent without a replica',
    labelNames: ['reason'],
    registers: [register],
    collect() {
      this.reset();
      const s = app.replicaStatus();
      if (s) this.set({ reason: s.reason ?? 'none' }, s.serving === 'replica' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'db_replica_lag_seconds',
    help: 'Replay lag of the read replica at its last check (-1 when it does not answer)',
    registers: [register],
    collect() {
      this.reset();
      const s = app.replicaStatus();
      if (s) this.set(s.lagSeconds ?? -1);
    },
  });
  app.addHook('onResponse', async (req, reply) => {
    // The route pattern, not the URL: ids and query strings would make unbounded label sets.
    const route = req.routeOptions.url ?? 'unmatched';
    requests.inc({ method: req.method, route, status_code: String(reply.statusCode) });
    latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });
  return register;
}

/**
 * Prometheus metrics, off unless METRICS_TOKEN or METRICS_PORT is set: /metrics on the main port
 * behind `Authorization: Bearer <METRICS_TOKEN>`, and/or a plain listener on METRICS_PORT that the
 * reverse proxy does not publish.
 */
export default fp(
  async function metrics(app: FastifyInstance) {
    app.decorate('metricsPort', null);
    app.decorate('metricsRegistry', null);
    const { token, port } = app.config.metrics;
    if (!token && port === undefined) return;
    const register = createRegistry(app);
    app.metricsRegistry = register;

    if (token) {
      app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
        if (req.headers.authorization !== `Bearer ${token}`) return reply.status(401).type('text/plain').send('unauthorized\n');
        return reply.type(register.contentType).send(await register.metrics());
      });
    }
    if (port !== undefined) {
      const server = http.createServer((req, res) => {
        if (req.url !== '/metrics') {
          res.writeHead(404).end();
          return;
        }
        register.metrics().then(
          (text) => res.writeHead(200, { 'content-type': register.contentType }).end(text),
          () => res.writeHead(500).end(),
        );
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, app.config.host, resolve);
      });
      app.metricsPort = (server.address() as AddressInfo).port;
      app.addHook('onClose', async () => new Promise<void>((resolve) => server.close(() => resolve())));
    }
  },
  { name: 'metrics', dependencies: ['config', 'db'] },
);
