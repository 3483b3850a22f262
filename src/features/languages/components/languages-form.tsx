// The site's languages (docs/PRODUCT.md §23): the default one and the others,
// in order, checked with the schema the API uses. Removing a language asks
// first, then says how many items keep its texts.
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { languagesSchema } from '@shared/contract/schemas.ts'
import type { Languages } from '@shared/contract/types.ts'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LabeledField } from '@/components/labeled-field'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { toastError, toastSuccess } from '@/components/ui/sonner'
import { ApiError } from '@/lib/api-client'
import { languageName } from '@/lib/translations'
import { useSaveLanguages } from '../api/save-languages'
import { COMMON_LANGUAGES } from '../lib/common-languages'
import { keptMessage } from '../lib/kept-message'
import { LanguageList } from './language-list'

type Values = { default: string; languages: string[] }

interface LanguagesFormProps {
  saved: Languages
  canWrite: boolean
  /** After a save: what each removed language left behind (the form starts afresh then). */
  onSaved: (kept: string[]) => void
}

export function LanguagesForm({ saved, canWrite, onSaved }: LanguagesFormProps) {
  const form = useForm<Values, unknown, Languages>({
    resolver: zodResolver(languagesSchema),
    defaultValues: { default: saved.default, languages: saved.languages },
  })
  const save = useSaveLanguages()
  const [draft, setDraft] = useState('')
  const [draftError, setDraftError] = useState<string>()
  const [confirming, setConfirming] = useState<{ values: Languages; removed: string[] } | null>(
    null,
  )
  const languages = form.watch('languages')
  const { errors } = form.formState
  const setLanguages = (next: string[]) =>
    form.setValue('languages', next, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    })

  function add() {
    const next = [...languages, draft]
    const result = languagesSchema.safeParse({
      default: form.getValues('default'),
      languages: next,
    })
    const issue = result.error?.issues.find(
      (i) => i.path[0] === 'languages' && (i.path.length === 1 || i.path[1] === next.length - 1),
    )
    if (issue) return setDraftError(issue.message)
    const tag = result.data?.languages.at(-1) ?? draft
    setDraftError(undefined)
    setDraft('')
    setLanguages([...languages, tag])
  }

  async function put(values: Languages, removed: string[]) {
    try {
      const answer = await save.mutateAsync(values)
      toastSuccess('Languages saved')
      onSaved(removed.map((tag) => keptMessage(tag, answer.keptTranslations[tag] ?? 0)))
    } catch (error) {
      // The server's own words when it refused the list ('At most 10 languages').
      toastError(
        error instanceof ApiError && error.status === 400
          ? error.message
          : 'Failed to save languages. Please try again.',
      )
    } finally {
      setConfirming(null)
    }
  }

  const onSubmit = form.handleSubmit((values) => {
    onSaved([])
    const removed = saved.languages.filter((tag) => !values.languages.includes(tag))
    if (removed.length) setConfirming({ values, removed })
    else return put(values, [])
  })

  const removedNames = confirming?.removed.map(languageName).join(' and ') ?? ''
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-6">
      {canWrite ? null : (
        <p className="text-sm text-muted-foreground">Only admins can change the languages.</p>
      )}
      <fieldset disabled={!canWrite || save.isPending} className="grid gap-6">
        <legend className="sr-only">Languages</legend>
        <LanguageList
          languages={languages}
          defaultLanguage={form.watch('default')}
          onReorder={setLanguages}
          draggable={canWrite && !save.isPending}
          onRemove={(tag) => setLanguages(languages.filter((t) => t !== tag))}
        />
        {errors.languages ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.languages.message ?? errors.languages.find?.((e) => e)?.message}
          </p>
        ) : null}
        <LabeledField label="Default language" error={errors.default?.message}>
          <Select {...form.register('default')}>
            {languages.map((tag) => (
              <option key={tag} value={tag}>
                {languageName(tag)} ({tag})
              </option>
            ))}
          </Select>
        </LabeledField>
        <div className="flex items-end gap-3">
          <LabeledField
            label="Add a language"
            hint="A language tag, such as fr, de or pt-BR"
            error={draftError}
            className="flex-1"
          >
            <Input
              list="common-languages"
              autoComplete="off"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return
                event.preventDefault()
                add()
              }}
            />
          </LabeledField>
          <Button type="button" variant="secondary" onClick={add} className="mb-6">
            Add
          </Button>
        </div>
        <datalist id="common-languages">
          {COMMON_LANGUAGES.filter((tag) => !languages.includes(tag)).map((tag) => (
            <option key={tag} value={tag} label={languageName(tag)} />
          ))}
        </datalist>
        <div>
          <Button type="submit" aria-busy={save.isPending || undefined}>
            {save.isPending ? 'Saving...' : 'Save Languages'}
          </Button>
        </div>
      </fieldset>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Remove ${removedNames}?`}
        description={`The texts in ${removedNames} are kept: they come back if you add the language again. Visitors no longer see them.`}
        confirmLabel="Remove"
        busy={save.isPending}
        onConfirm={() => confirming && put(confirming.values, confirming.removed)}
      />
    </form>
  )
}
