// A share link's pass (docs/decisions/052), kept for this tab after the right
// passphrase: where the API is on another site than the page (a static host
// and Supabase) its cookie cannot go, so the page sends the pass itself, as
// X-Share-Pass on reads and in the view beacon's body. Session storage, keyed
// by the link's token: it ends with the tab, as the pass's two hours end it.

const key = (token: string) => `vitrine.sharePass.${token}`

export function storedPass(token: string): string | null {
  try {
    return sessionStorage.getItem(key(token))
  } catch {
    // No storage (the server, or a browser that refuses it): the cookie alone.
    return null
  }
}

export function storePass(token: string, pass: string): void {
  try {
    sessionStorage.setItem(key(token), pass)
  } catch {
    // As above: the cookie set by the unlock still opens the page where it goes.
  }
}
