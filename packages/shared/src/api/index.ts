export * from './endpoint.ts';
export * from './common.ts';
export * from './admin-standards.ts';
export * from './admin-import.ts';
export * from './admin-settings.ts';
export * from './admin-users.ts';
export * from './admin-dashboard.ts';
export * from './missing-reports.ts';
