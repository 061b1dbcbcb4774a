export * from './envelope.ts';
export * from './constants.ts';
export * from './validation.ts';
