import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * Settings the web app reads from the server at run time instead of at build time, so changing one
 * is a restart, never a rebuild (docs/product.md §3.2).
 */
export const PublicConfigSchema = z.object({
  /** 16 characters; the web encrypts password fields with it (AES-ECB, PKCS7). */
  passwordAesKey: z.string().length(16),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** Liveness: the process answers and its database takes a query. */
export const HealthSchema = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof HealthSchema>;

const CheckSchema = z.enum(['ok', 'fail', 'off']);
/** Readiness: everything a request may need is reachable (database, Redis when configured, disk). */
export const ReadySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** replica: `fail` while public reads fall back to the primary (replica down or lagging), `off` without one. */
  checks: z.object({ db: CheckSchema, redis: CheckSchema, disk: CheckSchema, replica: CheckSchema }),
  /** Free bytes on the volume of DATA_DIR. */
  diskFreeBytes: z.number().nullable(),
  /** The read replica (DATABASE_REPLICA_URL): who serves the public reads now and why; null without one. */
  replica: z
    .object({
      serving: z.enum(['replica', 'primary']),
      /** Why the primary serves: the replica does not answer, or lags more than REPLICA_MAX_LAG_S. */
      reason: z.enum(['down', 'lag']).nullable(),
      lagSeconds: z.number().nullable(),
    })
    .nullable(),
});
export type Ready = z.infer<typeof ReadySchema>;

export const health = endpoint({ method: 'GET', path: '/api/health', response: HealthSchema });
/** Also answers HTTP 503 with the same envelope when not ready (for load balancers). */
export const ready = endpoint({ method: 'GET', path: '/api/ready', response: ReadySchema });
export const publicConfig = endpoint({ method: 'GET', path: '/api/sys/config', response: PublicConfigSchema });
