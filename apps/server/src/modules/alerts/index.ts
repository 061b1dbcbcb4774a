// owns tables: alert_preferences, alert_deliveries, alert_watches, alert_user_settings, alert_scan_state, alert_status_fanouts, alert_consultation_drafts (and it works through the faces of the modules that own what it shows)
/** Watch lists and alerts: status changes, new editions, new standards in watched series/classes/keywords/units, 即将实施, drafts for public comment matching watched keywords/units; in-site, email and SMS through a durable outbox, digests, activity reminders; settings, watches and one-click unsubscribe (/api/user/alerts/*, /api/user/watches, /api/alerts/*). */
export { alertStatusChange, dispatchStatusAlerts } from './status.ts';
export { default as alertsPlugin } from './plugin.ts';
export { default as alertRoutes } from './routes.ts';
export { default as alertDeliveryLogRoutes } from './delivery-log-routes.ts';
// The outbox worker and the digest job, for benches (bench/alerts.ts) and tools.
export { deliverDue, workerId } from './delivery.ts';
export { buildDigests, queueUpcomingImplementations, scanConsultationDrafts, scanNewStandards } from './jobs.ts';
