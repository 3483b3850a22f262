import { MenuIcon } from 'lucide-react'
import { lazy, Suspense, useRef, useState } from 'react'
import { LanguageSwitcher } from '@/components/language-switcher'
import { ThemeToggle } from '@/components/theme-toggle'
import { Button } from '@/components/ui/button'
import { useMessages } from '@/lib/i18n/messages-context'
import { useScrollFade } from '../lib/use-scroll-fade'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { alwaysNavLinks, navHref, navLinkClass, type NavLink } from './nav-links'

const loadMobileMenu = () => import('./mobile-menu')
const MobileMenu = lazy(loadMobileMenu)
const preload = () => void loadMobileMenu()

/** Fixed top bar whose background fades in on scroll; a drawer on small screens. */
export function SiteNav({
  brand,
  links = alwaysNavLinks,
}: {
  brand: string
  /** The anchors to offer (default: the sections that are always there). */
  links?: readonly NavLink[]
}) {
  const { t } = useMessages()
  const { localPath } = usePageLanguage()
  const opacity = useScrollFade(20, 100)
  const [open, setOpen] = useState(false)
  const [menuUsed, setMenuUsed] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)

  return (
    <header className="fixed inset-x-0 top-0 z-40">
      <div
        data-testid="nav-background"
        aria-hidden="true"
        className="absolute inset-0 border-b bg-background/85 shadow-sm backdrop-blur-md"
        style={{ opacity }}
      />
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        {brand ? (
          <a href="#top" className="truncate rounded-md text-lg font-extrabold tracking-tight">
            <span className="bg-gradient-to-r from-primary to-secondary bg-clip-text text-transparent">
              {brand}
            </span>
          </a>
        ) : (
          <span />
        )}
        <nav aria-label={t('nav.label')} className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <a key={link.id} href={navHref(link, localPath)} className={navLinkClass}>
              {t(link.label)}
            </a>
          ))}
          <ThemeToggle className="ml-2" />
        </nav>
        <LanguageSwitcher className="ms-auto md:ms-0" />
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={t('nav.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={preload}
          onTouchStart={preload}
          onFocus={preload}
          onClick={() => {
            setMenuUsed(true)
            setOpen(true)
          }}
        >
          <MenuIcon aria-hidden="true" className="size-5" />
        </Button>
        {menuUsed && (
          <Suspense fallback={null}>
            <MobileMenu open={open} onOpenChange={setOpen} triggerRef={menuButton} links={links} />
          </Suspense>
        )}
      </div>
    </header>
  )
}
