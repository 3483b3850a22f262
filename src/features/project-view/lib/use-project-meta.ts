import { useEffect } from 'react'
import type { Project } from '@shared/contract/types.ts'
import { metaDescription } from './project-page'

function setMeta(attribute: 'name' | 'property', key: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
  const created = !element
  if (!element) {
    element = document.createElement('meta')
    element.setAttribute(attribute, key)
    document.head.append(element)
  }
  const previous = element.content
  element.content = content
  return () => (created ? element.remove() : void (element.content = previous))
}

/** The document's title (`title`, from the project) and descriptions follow the open project, and come back after it. */
export function useProjectMeta(project: Project | undefined, title: string) {
  useEffect(() => {
    if (!project) return
    const previousTitle = document.title
    const description = metaDescription(project)
    document.title = title
    const restore = [
      setMeta('name', 'description', description),
      setMeta('property', 'og:title', title),
      setMeta('property', 'og:description', description),
    ]
    return () => {
      document.title = previousTitle
      restore.forEach((undo) => undo())
    }
  }, [project, title])
}
