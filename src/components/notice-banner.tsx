import type { ReactNode } from 'react'

/** The owner's notice on a page visitors cannot see (an inactive project, a draft post). */
export function NoticeBanner({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="mb-6 rounded-lg border border-amber-500/50 bg-amber-500/10 px-4 py-3 font-medium"
    >
      {children}
    </p>
  )
}
