/** The site module's public surface for other modules: the editable word list of the inspection page. */
export { bannedWords, reviewLimits } from './settings.ts';
