// Answers index.html asked for before the bundle ran (docs/decisions/018):
// an inline script starts the public page's reads and leaves the promises in
// `window.__vitrinePublicReads`, keyed by path. Each is taken once, by the first
// anonymous GET of that path; every later call goes to the network as usual.
declare global {
  interface Window {
    __vitrinePublicReads?: Record<string, Promise<Response> | undefined>
  }
}

const reads = () => (typeof window === 'undefined' ? undefined : window.__vitrinePublicReads)

export function takePreloadedRead(path: string): Promise<Response> | undefined {
  const pending = reads()
  const read = pending?.[path]
  if (read) delete pending[path]
  return read
}

/** Whether index.html started reads that nobody has taken yet. */
export function hasPreloadedReads(): boolean {
  const pending = reads()
  return pending !== undefined && Object.keys(pending).length > 0
}
