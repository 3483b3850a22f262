// Visit statistics from the public pages (docs/PRODUCT.md §17): one beacon per
// page view, one per click on a link marked with visitTarget(). Sent with
// navigator.sendBeacon after the page has loaded and the browser is idle, so
// it never competes with the first paint. No cookie, no storage, and nothing
// at all when the browser says Do Not Track or Global Privacy Control, or
// in a frame.
import { apiUrl } from '@/config/env'

const PUBLIC_PAGE = /^\/(?:projects\/(\d+)[^/]*)?$/

let firstView = true
let countingClicks = false

// A framed page is the Appearance screen's preview (only the site may frame
// itself, decision 077): the owner looking, not a visit.
const optedOut = () =>
  top !== self ||
  navigator.doNotTrack === '1' ||
  (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true

function send(event: Record<string, unknown>) {
  if (optedOut() || typeof navigator.sendBeacon !== 'function') return
  // A string goes as text/plain: a simple request, no preflight to another origin.
  navigator.sendBeacon(`${apiUrl()}/events`, JSON.stringify(event))
}

function afterLoad(work: () => void) {
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(work, { timeout: 2000 })
      : setTimeout(work)
  if (document.readyState === 'complete') idle()
  else addEventListener('load', idle, { once: true })
}

const projectOf = (pathname: string) => {
  const id = PUBLIC_PAGE.exec(pathname)?.[1]
  return id ? Number(id) : undefined
}

function onClick(event: MouseEvent) {
  const link = (event.target as Element | null)?.closest?.('[data-visit-target]')
  if (!link || !PUBLIC_PAGE.test(location.pathname)) return
  const project = link.getAttribute('data-visit-project')
  send({
    type: 'click',
    path: location.pathname,
    target: link.getAttribute('data-visit-target'),
    projectId: project ? Number(project) : projectOf(location.pathname),
  })
}

/** Counts a view of `pathname` when it is a public page (the home page or a project's). */
export function countView(pathname: string, search: string) {
  if (!PUBLIC_PAGE.test(pathname)) return
  // Only the page the visitor arrived on has a referrer; a link from the
  // site's own pages is none.
  let referrer: string | undefined
  if (firstView && document.referrer && new URL(document.referrer).host !== location.host)
    referrer = document.referrer
  firstView = false
  afterLoad(() => {
    send({ type: 'view', path: pathname + search, projectId: projectOf(pathname), referrer })
    if (countingClicks) return
    countingClicks = true
    // Middle clicks open links too.
    document.addEventListener('click', onClick, true)
    document.addEventListener('auxclick', onClick, true)
  })
}
