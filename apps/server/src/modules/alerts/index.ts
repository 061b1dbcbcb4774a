// owns tables: none (it works through the faces of the modules that own what it shows)
/** The alerts module's public surface for other modules: messaging collectors about a status change. */
export { alertStatusChange, dispatchStatusAlerts } from './status.ts';
export { default as alertsPlugin } from './plugin.ts';
