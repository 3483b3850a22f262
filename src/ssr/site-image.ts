// Where the generated link-preview images live and their size
// (docs/decisions/023-server-rendered-pages.md, "The site image"). Shared by
// the page heads (src/ssr/head.ts) and the server that draws them
// (server/og-image.ts), so the address a head names is one the server answers.
export const SITE_IMAGE_WIDTH = 1200
export const SITE_IMAGE_HEIGHT = 630

export const siteImagePaths = {
  home: '/og/home.png',
  project: (id: number) => `/og/projects/${id}.png`,
  /** A post's without a cover image (docs/PRODUCT.md §26), by its slug. */
  post: (slug: string) => `/og/writing/${slug}.png`,
}

/** What a site image path names: the home image, a project's (by id), a post's (by slug), or null for anything else. */
export function parseSiteImagePath(
  pathname: string,
): { kind: 'home' } | { kind: 'project'; id: number } | { kind: 'post'; slug: string } | null {
  if (pathname === siteImagePaths.home) return { kind: 'home' }
  const post = /^\/og\/writing\/([a-z0-9]+(?:-[a-z0-9]+)*)\.png$/.exec(pathname)
  if (post && post[1]!.length <= 80) return { kind: 'post', slug: post[1]! }
  const match = /^\/og\/projects\/([1-9]\d{0,8})\.png$/.exec(pathname)
  return match ? { kind: 'project', id: Number(match[1]) } : null
}
