import { Laptop } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { toastError, toastSuccess } from '@/components/ui/sonner'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/lib/session'
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions'
import { PasskeysSection } from '../components/passkeys-section'
import { TwoStepSection } from '../components/two-step-section'

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/**
 * The signed-in account: who is signed in, and where
 * (docs/decisions/036-sessions-idle-and-listed.md), its passkeys
 * (docs/decisions/041-passkeys.md) and its two-step sign-in
 * (docs/decisions/039-two-step-sign-in.md).
 */
export default function AccountRoute() {
  const session = useSession()
  const sessions = useSessions()
  const endSession = useEndSession()
  const endOthers = useEndOtherSessions()
  const others = sessions.data?.sessions.filter((s) => !s.current).length ?? 0

  const signOutOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        toastSuccess(
          ended === 1 ? 'Signed out 1 other session' : `Signed out ${ended} other sessions`,
        ),
      onError: () => toastError('Failed to sign out the other sessions'),
    })

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">Account</h1>
        {session ? (
          <p className="text-sm text-muted-foreground">
            Signed in as{' '}
            <span className="font-medium text-foreground">{session.user.username}</span>
          </p>
        ) : null}
      </div>
      <section aria-labelledby="sessions-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="sessions-heading" className="text-lg font-semibold">
            Sessions
          </h2>
          <Button
            variant="outline"
            onClick={signOutOthers}
            disabled={others === 0 || endOthers.isPending}
            aria-busy={endOthers.isPending || undefined}
          >
            Sign out everywhere else
          </Button>
        </div>
        {sessions.data ? (
          <p className="text-sm text-muted-foreground">
            A session ends after {sessions.data.idleMinutes} minutes without use, and 8 hours after
            signing in.
          </p>
        ) : null}
        {sessions.isPending ? (
          <Spinner label="Loading sessions" />
        ) : sessions.isError ? (
          <Alert variant="destructive">Failed to load sessions. Please try again later.</Alert>
        ) : (
          <ul aria-labelledby="sessions-heading" className="grid gap-3">
            {sessions.data.sessions.map((item) => (
              <li
                key={item.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4"
              >
                <div className="flex items-start gap-3">
                  <Laptop aria-hidden="true" className="mt-0.5 size-5 text-muted-foreground" />
                  <div className="grid gap-1">
                    <p className="font-medium">
                      {item.device}{' '}
                      {item.current ? <Badge variant="secondary">This device</Badge> : null}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      Signed in {when.format(new Date(item.createdAt))} · last used{' '}
                      {when.format(new Date(item.lastUsedAt))}
                    </p>
                  </div>
                </div>
                {item.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Sign out ${item.device}, signed in ${when.format(new Date(item.createdAt))}`}
                    disabled={endSession.isPending && endSession.variables === item.id}
                    onClick={() =>
                      endSession.mutate(item.id, {
                        onSuccess: () => toastSuccess(`Signed out ${item.device}`),
                        onError: () => toastError('Failed to sign out that session'),
                      })
                    }
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <PasskeysSection />
      <TwoStepSection />
    </div>
  )
}
