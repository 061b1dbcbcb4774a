import type { QueryOf } from '@zs/shared';
import type { alertDeliveries as listEp, alertDeliverySummary as summaryEp } from '@zs/shared/api/alert-delivery-log';
import { callApi } from '../../../lib/http.ts';

/** The office's delivery log of alerts (docs/alerts.md). */
export const deliverySummary = (q: QueryOf<typeof summaryEp>) =>
  callApi('GET /api/admin/alerts/deliveries/summary', { query: q });
export const deliveryList = (q: QueryOf<typeof listEp>) => callApi('GET /api/admin/alerts/deliveries', { query: q });
