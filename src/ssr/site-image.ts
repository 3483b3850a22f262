// Where the generated link-preview images live and their size
// (docs/decisions/023-server-rendered-pages.md, "The site image"). Shared by
// the page heads (src/ssr/head.ts) and the server that draws them
// (server/og-image.ts), so the address a head names is one the server answers.
// A page in another language than the default has its own image, in its
// words, under its tag: /og/fr/home.png (docs/PRODUCT.md §23).
export const SITE_IMAGE_WIDTH = 1200
export const SITE_IMAGE_HEIGHT = 630

const prefix = (lang: string | null) => (lang ? `/og/${lang}` : '/og')

export const siteImagePaths = {
  home: (lang: string | null = null) => `${prefix(lang)}/home.png`,
  project: (id: number, lang: string | null = null) => `${prefix(lang)}/projects/${id}.png`,
  /** A post's without a cover image (docs/PRODUCT.md §26), by its slug: its title in the page's language. */
  post: (slug: string, lang: string | null = null) => `${prefix(lang)}/writing/${slug}.png`,
}

export type SiteImageTarget = (
  { kind: 'home' } | { kind: 'project'; id: number } | { kind: 'post'; slug: string }
) & {
  /** The language of another page than the default's; null for the default language. */
  lang: string | null
}

const SITE_IMAGE = /^\/og\/(?:([A-Za-z0-9-]{2,20})\/)?(?:home|projects\/([1-9]\d{0,8}))\.png$/
const POST_IMAGE = /^\/og\/(?:([A-Za-z0-9-]{2,20})\/)?writing\/([a-z0-9]+(?:-[a-z0-9]+)*)\.png$/

/** What a site image path names: the home image, a project's (by id) or a post's (by slug), in a language or the default; null for anything else. */
export function parseSiteImagePath(pathname: string): SiteImageTarget | null {
  const post = POST_IMAGE.exec(pathname)
  if (post)
    return post[2]!.length <= 80 ? { kind: 'post', slug: post[2]!, lang: post[1] ?? null } : null
  const match = SITE_IMAGE.exec(pathname)
  if (!match) return null
  const lang = match[1] ?? null
  return match[2] ? { kind: 'project', id: Number(match[2]), lang } : { kind: 'home', lang }
}
