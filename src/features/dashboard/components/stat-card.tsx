import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card'

interface StatCardProps {
  title: string
  value: number | undefined
  detail?: ReactNode
  loading: boolean
  failed: boolean
  action?: { label: string; to: string }
}

export function StatCard({ title, value, detail, loading, failed, action }: StatCardProps) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="pb-2">
        {/* h2, not CardTitle's h3: the cards sit directly under the page's h1 (axe heading-order). */}
        <h2 className="text-sm font-medium leading-tight text-muted-foreground">{title}</h2>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="text-3xl font-bold" aria-live="polite">
          {loading ? (
            <span className="text-muted-foreground">
              …<span className="sr-only">Loading</span>
            </span>
          ) : failed ? (
            '—'
          ) : (
            value
          )}
        </p>
        {detail && !loading && !failed ? (
          <p className="mt-1 text-sm text-muted-foreground">{detail}</p>
        ) : null}
        {failed ? <p className="mt-1 text-sm text-destructive">Could not load</p> : null}
      </CardContent>
      {action ? (
        <CardFooter>
          <Button variant="outline" size="sm" asChild>
            <Link to={action.to}>{action.label}</Link>
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  )
}
