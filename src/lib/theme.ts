// Light/dark theme (docs/PRODUCT.md §4): initial mode from localStorage
// 'theme-mode', else the system's dark preference; toggling switches and saves.
// index.html applies the same rule before first paint, so there is no flash.
import { useCallback, useSyncExternalStore } from 'react'

export type ThemeMode = 'light' | 'dark'
export const THEME_KEY = 'theme-mode'

export function initialTheme(): ThemeMode {
  try {
    const saved = localStorage.getItem(THEME_KEY)
    if (saved === 'light' || saved === 'dark') return saved
  } catch {
    // storage blocked: fall through to the system preference
  }
  return typeof window !== 'undefined' &&
    window.matchMedia?.('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light'
}

export function applyTheme(mode: ThemeMode) {
  const root = document.documentElement
  root.classList.toggle('dark', mode === 'dark')
  root.style.colorScheme = mode
}

const listeners = new Set<() => void>()
let current: ThemeMode | null = null

function getMode(): ThemeMode {
  current ??= initialTheme()
  return current
}

export function setTheme(mode: ThemeMode) {
  current = mode
  applyTheme(mode)
  try {
    localStorage.setItem(THEME_KEY, mode)
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  for (const listener of listeners) listener()
}

/** Forget the cached mode (tests start each case from storage and media again). */
export function resetThemeForTests() {
  current = null
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useTheme() {
  const mode = useSyncExternalStore(subscribe, getMode, () => 'light' as ThemeMode)
  const toggle = useCallback(() => setTheme(getMode() === 'dark' ? 'light' : 'dark'), [])
  return { mode, toggle, setTheme }
}
