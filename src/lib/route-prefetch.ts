// Starts loading a lazy route's code before the visitor asks for it (a card
// hovered or focused), so opening the page shows no spinner while its chunk
// arrives. The router registers the loaders (src/app/router.tsx): features
// name a route, and never import another feature's module.
type Loader = () => Promise<unknown>

const loaders = new Map<string, Loader>()
const started = new Set<string>()

export function registerRouteLoader(name: string, load: Loader): void {
  loaders.set(name, load)
}

/** Loads the route's chunk once; a failure is left for the navigation itself to meet. */
export function prefetchRoute(name: string): void {
  if (started.has(name)) return
  const load = loaders.get(name)
  if (!load) return
  started.add(name)
  load().catch(() => started.delete(name))
}
