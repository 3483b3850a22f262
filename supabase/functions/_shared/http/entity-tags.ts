// Entity tags, made and compared in one place (RFC 9110, 8.8.3 and 13.1): the
// public answers' and pages' tags (http-cache.ts, server/ssr.ts), the built
// files' (server/static-files.ts) and the row versions an edit sends back in
// If-Match (versions.ts).

/** A strong tag of `parts` joined by `-`, the empty ones left out: entityTag('p2', 7, 'br') is "p2-7-br". */
export const entityTag = (...parts: (string | number | null | undefined)[]) =>
  `"${parts.filter((part) => part !== null && part !== undefined && part !== '').join('-')}"`

/**
 * The tags an If-None-Match or If-Match header lists, each in its strong form
 * (`W/"x"` is `"x"`: compression on the way, by `npm start` or a CDN, weakens a
 * tag, and ours name a version, not bytes); `*` alone is ['*'] (any tag); null without a header.
 */
export function listedTags(header: string | undefined): string[] | null {
  const value = header?.trim()
  if (!value) return null
  if (value === '*') return ['*']
  return [...value.matchAll(/(?:W\/)?("[^"]*")/g)].map((match) => match[1]!)
}

/** Whether the header lists `*` or a tag that `same` takes as `etag` (by default, the weak comparison). */
export function tagListed(
  header: string | undefined,
  etag: string,
  same: (listed: string, etag: string) => boolean = (listed, tag) => listed === tag,
): boolean {
  return (listedTags(header) ?? []).some((listed) => listed === '*' || same(listed, etag))
}
