// owns tables: none (it works through the faces of the modules that own what it shows)
/** Background jobs: messages to collectors when a standard's status changes, activity reminders. */
export { alertStatusChange, dispatchStatusAlerts } from './status.ts';
export { default as alertsPlugin } from './plugin.ts';
