import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { describeDevice } from '@shared/contract/device.ts'
import { passkeyRenameSchema } from '@shared/contract/schemas.ts'
import type { Passkey } from '@shared/contract/types.ts'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { CurrentPasswordField } from '@/components/current-password-field'
import { LabeledField } from '@/components/labeled-field'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { toastError, toastSuccess } from '@/components/ui/sonner'
import { Spinner } from '@/components/ui/spinner'
import { browserSupportsWebAuthn, passkeyErrorMessage } from '@/lib/passkeys'
import { serverFieldErrors } from '@/lib/server-field-errors'
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys'

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

const PASSWORD_REQUIRED = 'Enter your current password'

/** The name, and the password when adding (checked by the form, which knows whether it asks). */
const nameFormSchema = passkeyRenameSchema.extend({ currentPassword: z.string() })

/** The refusal of the current password in `error`, if that is what it is. */
const passwordRefusal = (error: unknown) =>
  serverFieldErrors(error, ['currentPassword']).currentPassword

/**
 * A name for a passkey: asked before adding one, with the current password
 * (`askPassword`), and when renaming it. What was typed stays on a refusal;
 * the server's refusal of the password shows under that field, focused.
 */
function PasskeyNameForm({
  label,
  defaultName,
  submitLabel,
  busy,
  error,
  askPassword = false,
  passwordError,
  onSubmit,
  onCancel,
}: {
  label: string
  defaultName: string
  submitLabel: string
  busy: boolean
  error: string | null
  askPassword?: boolean
  passwordError?: string
  onSubmit: (name: string, currentPassword: string) => void
  onCancel: () => void
}) {
  const form = useForm<z.input<typeof nameFormSchema>, unknown, z.output<typeof nameFormSchema>>({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name: defaultName, currentPassword: '' },
  })
  useEffect(() => {
    if (passwordError)
      form.setError('currentPassword', { message: passwordError }, { shouldFocus: true })
  }, [form, passwordError])
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={form.handleSubmit(({ name, currentPassword }) => {
        if (askPassword && !currentPassword) {
          form.setError('currentPassword', { message: PASSWORD_REQUIRED }, { shouldFocus: true })
          return
        }
        onSubmit(name, currentPassword)
      })}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onCancel()
      }}
    >
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <LabeledField label={label} error={form.formState.errors.name?.message}>
        <Input autoFocus maxLength={64} autoComplete="off" {...form.register('name')} />
      </LabeledField>
      {askPassword ? (
        <CurrentPasswordField
          reason="Adding a passkey"
          error={form.formState.errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

/**
 * The account's passkeys on the account page (docs/PRODUCT.md §2.4): add one
 * (named first; the device by default), rename or remove those listed.
 */
export function PasskeysSection() {
  const passkeys = usePasskeys()
  const add = useAddPasskey()
  const rename = useRenamePasskey()
  const remove = useRemovePasskey()
  const [adding, setAdding] = useState(false)
  const [renaming, setRenaming] = useState<string | null>(null)
  const [removing, setRemoving] = useState<Passkey | null>(null)
  const [removePassword, setRemovePassword] = useState('')
  const [removePasswordError, setRemovePasswordError] = useState<string | undefined>()
  const addButton = useRef<HTMLButtonElement>(null)
  const supported = browserSupportsWebAuthn()

  const body = passkeys.isPending ? (
    <Spinner label="Loading passkeys" />
  ) : passkeys.isError ? (
    <Alert variant="destructive">Failed to load passkeys. Please try again later.</Alert>
  ) : passkeys.data.length === 0 ? (
    <p className="text-sm text-muted-foreground">No passkeys yet.</p>
  ) : (
    <ul aria-labelledby="passkeys-heading" className="grid gap-3">
      {passkeys.data.map((item) => (
        <li key={item.id} className="rounded-lg border bg-card p-4">
          {renaming === item.id ? (
            <PasskeyNameForm
              label={`New name for ${item.name}`}
              defaultName={item.name}
              submitLabel="Save"
              busy={rename.isPending}
              error={rename.isError ? passkeyErrorMessage(rename.error) : null}
              onCancel={() => {
                rename.reset()
                setRenaming(null)
              }}
              onSubmit={(name) =>
                rename.mutate(
                  { id: item.id, name },
                  {
                    onSuccess: () => {
                      setRenaming(null)
                      toastSuccess(`Renamed the passkey to ${name}`)
                    },
                  },
                )
              }
            />
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex items-start gap-3">
                <KeyRound aria-hidden="true" className="mt-0.5 size-5 text-muted-foreground" />
                <div className="grid gap-1">
                  <p className="font-medium">{item.name}</p>
                  <p className="text-sm text-muted-foreground">
                    Added {when.format(new Date(item.createdAt))} ·{' '}
                    {item.lastUsedAt
                      ? `last used ${when.format(new Date(item.lastUsedAt))}`
                      : 'never used'}
                  </p>
                </div>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Rename ${item.name}`}
                  onClick={() => {
                    rename.reset()
                    setRenaming(item.id)
                  }}
                >
                  Rename
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Remove ${item.name}`}
                  onClick={() => {
                    setRemovePassword('')
                    setRemovePasswordError(undefined)
                    setRemoving(item)
                  }}
                >
                  Remove
                </Button>
              </div>
            </div>
          )}
        </li>
      ))}
    </ul>
  )

  return (
    <section aria-labelledby="passkeys-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="passkeys-heading" className="text-lg font-semibold">
          Passkeys
        </h2>
        {adding ? null : (
          <Button
            ref={addButton}
            variant="outline"
            disabled={!supported}
            onClick={() => {
              add.reset()
              setAdding(true)
            }}
          >
            Add a passkey
          </Button>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        Sign in with this device&apos;s screen lock, a phone or a security key instead of the
        password. A passkey is enough on its own: no code is asked after it.
      </p>
      {supported ? null : <Alert>This browser does not support passkeys.</Alert>}
      {adding ? (
        <div className="rounded-lg border bg-card p-4">
          <PasskeyNameForm
            label="Passkey name"
            defaultName={describeDevice(navigator.userAgent)}
            submitLabel={add.isPending ? 'Waiting for the passkey...' : 'Continue'}
            busy={add.isPending}
            askPassword
            passwordError={add.isError ? passwordRefusal(add.error) : undefined}
            error={
              add.isError && passwordRefusal(add.error) === undefined
                ? passkeyErrorMessage(add.error)
                : null
            }
            onCancel={() => {
              setAdding(false)
              requestAnimationFrame(() => addButton.current?.focus())
            }}
            onSubmit={(name, currentPassword) =>
              add.mutate(
                { name, currentPassword },
                {
                  onSuccess: (passkey) => {
                    setAdding(false)
                    toastSuccess(`Added the passkey ${passkey.name}`)
                    requestAnimationFrame(() => addButton.current?.focus())
                  },
                },
              )
            }
          />
        </div>
      ) : null}
      {body}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this passkey?"
        description={`You will no longer be able to sign in with “${removing?.name ?? ''}”. The device may keep it until you delete it there too.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        returnFocusTo={() => addButton.current}
        onConfirm={() => {
          if (!removing) return
          if (!removePassword) {
            setRemovePasswordError(PASSWORD_REQUIRED)
            return
          }
          remove.mutate(
            { id: removing.id, currentPassword: removePassword },
            {
              onSuccess: () => {
                toastSuccess(`Removed the passkey ${removing.name}`)
                setRemoving(null)
              },
              onError: (error) => {
                // A refused password keeps the dialog open, with what was typed.
                const refused = passwordRefusal(error)
                setRemovePasswordError(refused)
                if (refused === undefined) {
                  toastError(passkeyErrorMessage(error))
                  setRemoving(null)
                }
              },
            },
          )
        }}
      >
        <CurrentPasswordField
          reason="Removing a passkey"
          value={removePassword}
          onChange={(event) => setRemovePassword(event.target.value)}
          error={removePasswordError}
          disabled={remove.isPending}
        />
      </ConfirmDialog>
    </section>
  )
}
