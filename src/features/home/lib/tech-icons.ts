// Built-in icons for technologies saved without one (docs/PRODUCT.md §2): keyed by
// the lowercase name with spaces removed. The files live in public/icons.
import { safeHref } from '@/lib/safe-url'

const iconFiles = [
  'aws',
  'docker',
  'go',
  'graphql',
  'nextjs',
  'nodejs',
  'postgresql',
  'python',
  'react',
  'supabase',
  'tailwindcss',
  'typescript',
] as const

const aliases: Record<string, (typeof iconFiles)[number]> = {
  'node.js': 'nodejs',
  node: 'nodejs',
  'next.js': 'nextjs',
  postgres: 'postgresql',
  golang: 'go',
  'react.js': 'react',
  reactjs: 'react',
  ts: 'typescript',
  tailwind: 'tailwindcss',
  amazonwebservices: 'aws',
}

export const builtInIcons: Record<string, string> = Object.fromEntries([
  ...iconFiles.map((slug) => [slug, `/icons/${slug}.svg`]),
  ...Object.entries(aliases).map(([key, slug]) => [key, `/icons/${slug}.svg`]),
])

export const iconKey = (name: string) => name.toLowerCase().replace(/\s+/g, '')

/** The icon to show for a technology: its own, else the built-in one, else none. */
export function technologyIconSrc(technology: {
  name: string
  icon: string | null
}): string | undefined {
  const own = safeHref(technology.icon)
  if (own) return own
  const key = iconKey(technology.name)
  return builtInIcons[key] ?? builtInIcons[key.replace(/[^a-z0-9]/g, '')]
}

/** The monogram shown when there is no icon or it fails to load. */
export const monogram = (name: string) => (name.trim().charAt(0) || '?').toUpperCase()
