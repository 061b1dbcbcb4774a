// owns tables: alert_preferences, alert_deliveries (and it works through the faces of the modules that own what it shows)
/** Background jobs: messages to collectors when a standard's status changes, activity reminders; alert mails through a durable outbox, alert settings and one-click unsubscribe (/api/user/alerts/*, /api/alerts/*). */
export { alertStatusChange, dispatchStatusAlerts } from './status.ts';
export { default as alertsPlugin } from './plugin.ts';
export { default as alertRoutes } from './routes.ts';
export { default as alertDeliveryLogRoutes } from './delivery-log-routes.ts';
