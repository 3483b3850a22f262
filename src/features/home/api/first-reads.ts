// The public page's reads, as paths under the API. index.html starts them
// before the bundle runs (server/public-reads-preload.ts) and the api client
// takes those answers instead of asking again (src/lib/preloaded-reads.ts), so
// these must be exactly the paths the page's queries ask for: the home route's
// test checks it. No imports: the Vite plugin reads this file too.
export const FIRST_READS = [
  '/projects?limit=12',
  '/technologies?projects=false',
  '/certifications',
  '/configs/all-as-object',
  '/experiences',
  '/education',
  '/languages',
  // The Writing section's latest posts (src/lib/queries/posts.ts, LATEST_POSTS).
  '/posts?limit=3',
  '/projects?featured=true',
  // The sections' order and which are shown (docs/PRODUCT.md §27).
  '/appearance',
] as const
