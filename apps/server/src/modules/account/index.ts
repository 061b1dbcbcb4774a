// owns tables: none (it works through the faces of the modules that own what it shows)
/** A user's own account: profile, data export and account deletion (/api/user/profile, /api/user/export, /api/user/delete-account). */
export { default as accountRoutes } from './routes.ts';
