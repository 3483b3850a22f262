import { useEffect } from 'react'

/** Sets or adds `<meta name=…>` in the head, and answers how to put back what was there. */
function setMeta(name: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)
  const previous = element?.content ?? null
  if (!element) {
    element = document.createElement('meta')
    element.name = name
    document.head.append(element)
  }
  element.content = content
  const own = element
  return () => (previous === null ? own.remove() : (own.content = previous))
}

/**
 * A share link's page in the browser (the static host's shell, or after a
 * move within the app): its title, never indexed or followed, and its address
 * (which holds the token) never sent on as a referrer. The server's head says
 * the same (src/ssr/head.ts).
 */
export function SharedHead({ title }: { title: string }) {
  useEffect(() => {
    const before = document.title
    document.title = title
    const undo = [setMeta('robots', 'noindex, nofollow'), setMeta('referrer', 'no-referrer')]
    return () => {
      document.title = before
      for (const step of undo) step()
    }
  }, [title])
  return null
}
