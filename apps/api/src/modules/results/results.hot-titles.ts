/** Hot titles are part of the results read path (results.lookup.ts); these names stay for their tests. */
export { HOT_AFTER, hotResultsOf, hotTitleIds, readTitle } from './results.lookup.js';
