import { useEffect, useState } from 'react'

/** 0 at `from` px of scroll or less, 1 at `to` px or more, proportional between. */
export function fadeOpacity(scrollY: number, from: number, to: number): number {
  return Math.min(1, Math.max(0, (scrollY - from) / (to - from)))
}

/**
 * The navigation bar's background opacity as the page scrolls from 20 to
 * 100 px (docs/PRODUCT.md §9). A passive listener, read once per animation frame.
 */
export function useScrollFade(from = 20, to = 100): number {
  const [opacity, setOpacity] = useState(() =>
    typeof window === 'undefined' ? 0 : fadeOpacity(window.scrollY, from, to),
  )
  useEffect(() => {
    let frame = 0
    const update = () => {
      frame = 0
      setOpacity(fadeOpacity(window.scrollY, from, to))
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [from, to])
  return opacity
}
