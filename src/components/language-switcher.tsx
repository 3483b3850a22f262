// The same page in the site's other languages (docs/PRODUCT.md §23), on every
// public page once the site has more than one language. A native disclosure
// (<details>): a button for the keyboard and screen readers with no script
// and nothing added to the public route's JavaScript, unlike a menu widget.
// Each language is named in itself (Intl.DisplayNames), with its `lang` and
// `dir`, so it is read and shown right whatever the page's language. The
// links load the page afresh: the server sends it with its <html lang>, head
// and texts in that language.
import { GlobeIcon } from 'lucide-react'
import { textDirection } from '@shared/contract/page-languages.ts'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { cn } from '@/lib/utils'

/** A language's name in that language ('français', 'العربية'), first letter up; the tag if unknown. */
export function nativeName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1)
  } catch {
    return tag
  }
}

export function LanguageSwitcher({ className }: { className?: string }) {
  const { lang, site, path, localPath } = usePageLanguage()
  if (site.languages.length < 2) return null
  return (
    <details className={cn('group relative', className)}>
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-md px-3 py-2 text-sm font-semibold text-foreground/80 transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <GlobeIcon aria-hidden="true" className="size-4" />
        <span aria-hidden="true">{lang.toUpperCase()}</span>
        <span className="sr-only">
          Language: <span lang={lang}>{nativeName(lang)}</span>
        </span>
      </summary>
      <ul className="absolute end-0 top-full z-50 mt-1 grid min-w-44 gap-0.5 rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
        {site.languages.map((tag) => (
          <li key={tag}>
            <a
              href={localPath(path, tag)}
              hrefLang={tag}
              lang={tag}
              dir={textDirection(tag)}
              aria-current={tag === lang ? 'page' : undefined}
              className="block rounded-sm px-3 py-2 text-start text-sm hover:bg-accent aria-[current=page]:font-bold"
            >
              {nativeName(tag)}
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}
