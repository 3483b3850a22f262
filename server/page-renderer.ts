// Wiring the page renderer (server/ssr.ts) into a server: the built renderer
// of a build folder for `npm start` (build/server-bundle.ts puts it in
// <dist>/.ssr), and which paths it answers (docs/decisions/023).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Driver } from '../supabase/functions/_shared/db/db.ts'
import { isPublicFile } from '../supabase/functions/_shared/contract/public-routes.ts'
import { versionSource, type Compressor } from '../supabase/functions/_shared/http/http-cache.ts'
import type { AddressLimit, WorkQueue } from '../supabase/functions/_shared/http/work-queue.ts'
import { API_PREFIX } from './create-stack.ts'
import { serverBundleEntry } from './server-bundle-path.ts'
import { catalogueModules, lazyRouteModules, styleAssets } from './build-manifest.ts'
import { createPageRenderer, type PageRenderer, type RenderModule } from './ssr.ts'
import type { SiteImageContent } from './og-image.ts'

/** The paths a page answers: the site's routes (no file extension) and the files of the table of public routes. */
export const isPagePath = (pathname: string) => isPublicFile(pathname) || !path.extname(pathname)

const PROJECT_ROUTE = 'src/features/project-view/routes/project-route.tsx'
const WRITING_ROUTE = 'src/features/writing/routes/writing-route.tsx'
const POST_ROUTE = 'src/features/writing/routes/post-route.tsx'
const CV_ROUTE = 'src/features/cv/routes/cv-route.tsx'

export interface PageRendererSetup {
  template: string
  api: { fetch(request: Request): Response | Promise<Response> }
  driver: Driver
  siteUrl: string
  clientApiBase: string
  compress?: Compressor
  keep?: boolean
  projectModules?: string[]
  writingModules?: string[]
  postModules?: string[]
  cvModules?: string[]
  catalogueModules?: (lang: string) => string[]
  work?: WorkQueue
  limit?: AddressLimit
  drawImage?: (content: SiteImageContent) => Promise<Uint8Array>
}

export function pageRenderer(render: RenderModule, setup: PageRendererSetup): PageRenderer {
  return createPageRenderer({
    template: setup.template,
    render,
    api: setup.api,
    apiPath: `${API_PREFIX}/api`,
    clientApiBase: setup.clientApiBase,
    versions: versionSource(setup.driver),
    siteUrl: setup.siteUrl,
    compress: setup.compress,
    keep: setup.keep,
    projectModules: setup.projectModules,
    writingModules: setup.writingModules,
    postModules: setup.postModules,
    cvModules: setup.cvModules,
    catalogueModules: setup.catalogueModules,
    work: setup.work,
    limit: setup.limit,
    drawImage: setup.drawImage,
  })
}

/** The renderer of the build in `distDir`, or null for a build made without one (then the browser app renders every page). */
export async function loadPageRenderer(
  setup: PageRendererSetup & { distDir: string },
): Promise<PageRenderer | null> {
  const entry = serverBundleEntry(setup.distDir)
  if (!existsSync(entry)) {
    console.warn(`No page renderer in ${entry}: pages render in the browser only.`)
    return null
  }
  const render = (await import(pathToFileURL(entry).href)) as RenderModule
  render.setStyleAssets(await styleAssets(setup.distDir))
  return pageRenderer(render, {
    ...setup,
    projectModules: await lazyRouteModules(setup.distDir, PROJECT_ROUTE),
    writingModules: await lazyRouteModules(setup.distDir, WRITING_ROUTE),
    postModules: await lazyRouteModules(setup.distDir, POST_ROUTE),
    cvModules: await lazyRouteModules(setup.distDir, CV_ROUTE),
    catalogueModules: await catalogueModules(setup.distDir),
  })
}
