// The Markdown renderer the API renders posts and long texts with
// (docs/PRODUCT.md §26), for the back office's Preview, which must show what
// the public page will (docs/decisions/058). The editor loads it lazily, so it
// never reaches a public route's JavaScript (tests/bench/bundle.ts checks).
export { renderMarkdown } from '../markdown/render.ts'
