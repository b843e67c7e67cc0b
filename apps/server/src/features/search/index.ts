/** Search feature: Chinese-capable tokenising, safe tsquery building and highlighting (see search.segment.ts). */
export {
  segment,
  searchTerms,
  toTsQuery,
  highlight,
  SEGMENT_MAX_CHARS,
  type HighlightOptions,
} from './search.segment.js';
export { tsvectorOf, matchesQuery, rankOf, titleContains } from './search.repository.js';
