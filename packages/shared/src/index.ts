export * from './envelope.ts';
export * from './constants.ts';
export * from './validation.ts';
export * from './standard-number.ts';
export * from './standards.ts';
export * from './portal.ts';
export * from './usercentre.ts';
