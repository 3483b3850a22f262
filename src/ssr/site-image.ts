// Where the generated link-preview images live and their size
// (docs/decisions/023-server-rendered-pages.md, "The site image"). Shared by
// the page heads (src/ssr/head.ts) and the server that draws them
// (server/og-image.ts), so the address a head names is one the server answers.
export const SITE_IMAGE_WIDTH = 1200
export const SITE_IMAGE_HEIGHT = 630

export const siteImagePaths = {
  home: '/og/home.png',
  project: (id: number) => `/og/projects/${id}.png`,
}

/** What a site image path names: the home image, a project's (by id), or null for anything else. */
export function parseSiteImagePath(
  pathname: string,
): { kind: 'home' } | { kind: 'project'; id: number } | null {
  if (pathname === siteImagePaths.home) return { kind: 'home' }
  const match = /^\/og\/projects\/([1-9]\d{0,8})\.png$/.exec(pathname)
  return match ? { kind: 'project', id: Number(match[1]) } : null
}
