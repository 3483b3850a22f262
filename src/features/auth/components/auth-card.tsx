import type { ReactNode } from 'react'
import { Card, CardContent, CardHeader } from '@/components/ui/card'

/** The centred card both auth pages sit in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-background px-4 py-12 text-foreground">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-center text-2xl font-bold">{title}</h1>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  )
}
