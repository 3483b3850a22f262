// The small-screen drawer (docs/PRODUCT.md §2), in its own chunk, fetched when a
// visitor reaches for the menu. A native modal <dialog> rather than the Radix
// Sheet the back office uses (docs/decisions/030-public-menu-native-dialog.md):
// the browser makes the rest of the page inert, keeps focus inside and closes
// on Escape, for none of the public page's JavaScript budget.
import { XIcon } from 'lucide-react'
import { useEffect, useId, useRef, type RefObject } from 'react'
import { ThemeToggle } from '@/components/theme-toggle'
import { Button } from '@/components/ui/button'
import { useMessages } from '@/lib/i18n/messages-context'
import { scrollToSection } from '../lib/scroll-to-section'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { alwaysNavLinks, navHref, navLinkClass, type NavLink } from './nav-links'

interface MobileMenuProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The button that opened the menu; focus returns there. */
  triggerRef: RefObject<HTMLButtonElement | null>
  links?: readonly NavLink[]
}

export default function MobileMenu({
  open,
  onOpenChange,
  triggerRef,
  links = alwaysNavLinks,
}: MobileMenuProps) {
  const { t } = useMessages()
  const { localPath } = usePageLanguage()
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // The section a chosen link leads to, reached once the drawer has closed.
  const pending = useRef<string | null>(null)

  useEffect(() => {
    const node = dialog.current
    if (!node) return
    if (open && !node.open) node.showModal()
    if (!open && node.open) node.close()
  }, [open])

  return (
    <dialog
      ref={dialog}
      id="mobile-menu"
      aria-labelledby={titleId}
      // Closed by Escape, the close button, a link or the backdrop: land on the
      // chosen section, otherwise back on the menu button.
      onClose={() => {
        onOpenChange(false)
        if (pending.current) scrollToSection(pending.current)
        else triggerRef.current?.focus()
        pending.current = null
      }}
      // A click on the backdrop reaches the dialog itself; its content fills it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false)
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-3/4 max-w-xs border-l bg-background p-0 text-foreground shadow-xl transition-transform duration-300 ease-out backdrop:bg-black/50 backdrop:backdrop-blur-[2px] starting:open:translate-x-full"
    >
      <div className="flex h-full flex-col gap-4 p-6">
        <h2 id={titleId} className="pr-10 text-lg font-semibold">
          {t('nav.menu')}
        </h2>
        <nav aria-label={t('nav.mobileLabel')} className="flex flex-col gap-1">
          {links.map((link) => (
            <a
              key={link.id}
              href={navHref(link, localPath)}
              className={`${navLinkClass} py-3 text-base`}
              onClick={(event) => {
                // The posts' link is a page of its own: followed as it is.
                if (link.id === 'writing') return
                event.preventDefault()
                pending.current = link.id
                onOpenChange(false)
              }}
            >
              {t(link.label)}
            </a>
          ))}
        </nav>
        <div className="mt-2 flex items-center gap-3 border-t pt-4 text-sm text-muted-foreground">
          <ThemeToggle variant="outline" />
          <span aria-hidden="true">{t('nav.theme')}</span>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-4 right-4 text-muted-foreground"
          aria-label={t('nav.closeMenu')}
          onClick={() => onOpenChange(false)}
        >
          <XIcon aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </dialog>
  )
}
