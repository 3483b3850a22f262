// The small-screen drawer (docs/PRODUCT.md §2), in its own chunk: the Radix dialog
// machinery is only fetched when a visitor reaches for the menu.
import { useRef, type RefObject } from 'react'
import { ThemeToggle } from '@/components/theme-toggle'
import { Sheet, SheetContent, SheetHeader, SheetTitle } from '@/components/ui/sheet'
import { scrollToSection } from '../lib/scroll-to-section'
import { alwaysNavLinks, navLinkClass, type NavLink } from './nav-links'

interface MobileMenuProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The button that opened the menu; focus returns there (the sheet has no Radix Trigger). */
  triggerRef: RefObject<HTMLButtonElement | null>
  links?: readonly NavLink[]
}

export default function MobileMenu({
  open,
  onOpenChange,
  triggerRef,
  links = alwaysNavLinks,
}: MobileMenuProps) {
  const pending = useRef<string | null>(null)
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id="mobile-menu"
        side="right"
        closeLabel="Close menu"
        onCloseAutoFocus={(event) => {
          // After a link was chosen, land on its section; otherwise back on the menu button.
          event.preventDefault()
          if (pending.current) scrollToSection(pending.current)
          else triggerRef.current?.focus()
          pending.current = null
        }}
      >
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {links.map((link) => (
            <a
              key={link.id}
              href={`#${link.id}`}
              className={`${navLinkClass} py-3 text-base`}
              onClick={(event) => {
                event.preventDefault()
                pending.current = link.id
                onOpenChange(false)
              }}
            >
              {link.label}
            </a>
          ))}
        </nav>
        <div className="mt-2 flex items-center gap-3 border-t pt-4 text-sm text-muted-foreground">
          <ThemeToggle variant="outline" />
          <span aria-hidden="true">Theme</span>
        </div>
      </SheetContent>
    </Sheet>
  )
}
