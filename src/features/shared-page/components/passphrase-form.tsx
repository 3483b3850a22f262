import { LockIcon } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { LabeledField } from '@/components/labeled-field'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { ApiError } from '@/lib/api-client'
import { useSharedText } from '../lib/shared-messages'
import { useUnlockSharedPage } from '../api/shared-page'
import { SharedHead } from './shared-head'

/**
 * The passphrase a link asks for before its page: the API counts every
 * attempt (5 per address and link in 15 minutes), the right one sets the
 * link's cookie and answers its pass, and the page reads itself again.
 */
export function PassphraseForm({ token }: { token: string }) {
  const st = useSharedText()
  const unlock = useUnlockSharedPage(token)
  const [passphrase, setPassphrase] = useState('')
  const [error, setError] = useState<string>()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!passphrase) return setError(st('passphraseRequired'))
    setError(undefined)
    unlock.mutate(passphrase, {
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.status === 401
            ? st('wrongPassphrase')
            : failure instanceof ApiError && failure.status === 429
              ? st('tooMany')
              : st('failed'),
        ),
    })
  }

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4">
      <SharedHead title={st('privateTitle')} />
      <form
        noValidate
        onSubmit={submit}
        aria-labelledby="shared-passphrase-title"
        className="grid w-full max-w-sm gap-5 rounded-2xl border bg-card p-8 shadow-sm"
      >
        <div className="grid gap-2 text-center">
          <LockIcon aria-hidden="true" className="mx-auto size-8 text-muted-foreground" />
          <h1 id="shared-passphrase-title" className="text-2xl font-extrabold tracking-tight">
            {st('privateTitle')}
          </h1>
          <p className="text-sm text-muted-foreground">{st('passphraseText')}</p>
        </div>
        <LabeledField label={st('passphrase')} error={error}>
          <Input
            type="password"
            name="passphrase"
            autoComplete="off"
            autoFocus
            value={passphrase}
            onChange={(event) => setPassphrase(event.target.value)}
          />
        </LabeledField>
        <Button type="submit" disabled={unlock.isPending}>
          {unlock.isPending ? st('opening') : st('open')}
        </Button>
      </form>
    </main>
  )
}
