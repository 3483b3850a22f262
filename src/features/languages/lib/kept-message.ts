import { languageName } from '@/lib/translations'

/**
 * What a saved removal says (docs/PRODUCT.md §23): a removed language's texts
 * stay in the items that hold them, and come back with the language.
 */
export function keptMessage(tag: string, count: number): string {
  const name = languageName(tag)
  if (count === 0) return `Removed ${name}: no item held texts in it`
  return count === 1
    ? `Kept 1 text in ${name}: it comes back if you add ${name} again`
    : `Kept ${count} texts in ${name}: they come back if you add ${name} again`
}
