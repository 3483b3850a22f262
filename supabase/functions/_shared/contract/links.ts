// The one rule for links stored in content (icons, thumbnails, images, project
// links), shared by the zod schemas and by the page's safeHref: an absolute
// http(s) URL, or a path on this site. The database holds the same rule
// (app.is_unambiguous_link, supabase/schemas/00_roles_and_helpers.sql).
//
// "A path on this site" must stay one whatever the browser does with it:
// browsers read a backslash as a slash in http(s) URLs ('/\evil.example' goes
// to evil.example), drop tabs and newlines anywhere inside a URL ('/\t/evil'
// becomes '//evil'), and treat '//host' as another host. So no backslash, no
// whitespace or control character anywhere, and no '//' in a site path.

function hasUnsafeCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0)!
    if (code <= 0x20 || code === 0x7f || char === '\\' || /\s/u.test(char)) return true
  }
  return false
}

/** An absolute http(s) URL with a host, or a site path such as /uploads/x.png. */
export function isWebUrl(value: string): boolean {
  if (hasUnsafeCharacter(value)) return false
  if (/^https?:\/\/[^/]/i.test(value)) return true
  return /^\/[^/]/.test(value) && !value.includes('//')
}

/** An absolute http(s) URL with a host: a web URL that names another site, never a site path. */
export function isAbsoluteWebUrl(value: string): boolean {
  return /^https?:\/\//i.test(value) && isWebUrl(value)
}

/** A mailto: link without the characters that could make a browser read it otherwise. */
export function isMailtoLink(value: string): boolean {
  return /^mailto:./i.test(value) && !hasUnsafeCharacter(value)
}
