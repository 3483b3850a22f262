import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ResumeImportCounts, ResumeImportPlan } from '@shared/contract/types.ts'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { languagesQueryOptions } from '@/lib/i18n/page-language'
import { languageName } from '@/lib/translations'
import { useImportResume } from '../api/import-resume'

const KINDS: [keyof ResumeImportCounts, string][] = [
  ['experiences', 'Experience'],
  ['education', 'Education'],
  ['technologies', 'Technologies'],
  ['certifications', 'Certifications'],
  ['projects', 'Projects'],
]

/** The file's text (FileReader: jsdom's File has no text()). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(new Error('The file could not be read.'))
    reader.readAsText(file)
  })

/** Per kind, the entries left out because our content cannot hold them (listed in the plan). */
const leftOut = (plan: ResumeImportPlan, kind: keyof ResumeImportCounts) =>
  plan.skipped.filter((entry) => entry.kind === kind).length

/**
 * Import résumé (docs/PRODUCT.md §20): choose a resume.json, see what it would
 * create, what is already here and what is left out and why (a dry run), then
 * confirm. On a site of several languages the file may be in another one: its
 * texts then translate what is here, and nothing is created.
 */
export function ResumeImport() {
  const id = useId()
  const importResume = useImportResume()
  const site = useQuery(languagesQueryOptions()).data
  // '' is the default language: an ordinary import.
  const [lang, setLang] = useState('')
  const translating = lang !== '' && lang !== site?.default
  const [resume, setResume] = useState<unknown>()
  const [plan, setPlan] = useState<ResumeImportPlan>()
  const [done, setDone] = useState<ResumeImportPlan>()
  const [error, setError] = useState<string>()

  /** The plan of `parsed` read in `language`. */
  const planOf = async (parsed: unknown, language: string) => {
    setPlan(undefined)
    setDone(undefined)
    setError(undefined)
    try {
      setPlan(await importResume.mutateAsync({ resume: parsed, dryRun: true, lang: language }))
    } catch (e) {
      setError((e as Error).message)
    }
  }
  const choose = async (file: File | undefined) => {
    setPlan(undefined)
    setDone(undefined)
    setError(undefined)
    if (!file) return
    let parsed: unknown
    try {
      parsed = JSON.parse(await readText(file))
    } catch (e) {
      setError(e instanceof SyntaxError ? 'This file is not JSON.' : (e as Error).message)
      return
    }
    setResume(parsed)
    await planOf(parsed, lang)
  }
  const confirm = async () => {
    try {
      setDone(await importResume.mutateAsync({ resume, dryRun: false, lang }))
      setPlan(undefined)
    } catch (e) {
      setError((e as Error).message)
    }
  }
  const shown = done ?? plan

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-lg border p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Import résumé
      </h2>
      {site && site.languages.length > 1 ? (
        <div className="grid gap-1">
          <Label htmlFor={`${id}-lang`}>Language of the file</Label>
          <Select
            id={`${id}-lang`}
            className="max-w-sm"
            value={lang || site.default}
            aria-describedby={`${id}-lang-hint`}
            onChange={(event) => {
              const next = event.currentTarget.value
              setLang(next)
              if (resume !== undefined) void planOf(resume, next)
            }}
          >
            {site.languages.map((tag) => (
              <option key={tag} value={tag}>
                {languageName(tag)}
              </option>
            ))}
          </Select>
          <p id={`${id}-lang-hint`} className="text-sm text-muted-foreground">
            {translating
              ? `Its texts become the ${languageName(lang)} translation of the entries here, matched by dates and organisation. Nothing is created.`
              : 'Creates the entries that are not here yet.'}
          </p>
        </div>
      ) : null}
      <div className="grid gap-1">
        <Label htmlFor={`${id}-file`}>JSON Resume file</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept="application/json,.json"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0]
            // Emptied, so that choosing the same file again (fixed after an
            // error, or once more after an import) is a change and is read again.
            event.currentTarget.value = ''
            void choose(file)
          }}
        />
      </div>
      <div aria-live="polite" className="grid gap-3">
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        {done ? <p role="status">Imported.</p> : null}
        {shown ? (
          <table className="w-full max-w-xl border-collapse text-sm tabular-nums">
            <caption className="mb-1 text-left font-medium">
              {done
                ? translating
                  ? 'What was translated'
                  : 'What was imported'
                : 'What the import will do'}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="border-b px-3 py-1.5 text-left">
                  Kind
                </th>
                <th scope="col" className="border-b px-3 py-1.5 text-right">
                  {translating
                    ? done
                      ? 'Translated'
                      : 'To translate'
                    : done
                      ? 'Created'
                      : 'To create'}
                </th>
                <th scope="col" className="border-b px-3 py-1.5 text-right">
                  {translating ? 'Not translated' : 'Already here'}
                </th>
                <th scope="col" className="border-b px-3 py-1.5 text-right">
                  Left out
                </th>
              </tr>
            </thead>
            <tbody>
              {KINDS.map(([key, label]) => (
                <tr key={key}>
                  <th scope="row" className="border-b px-3 py-1.5 text-left font-normal">
                    {label}
                  </th>
                  <td className="border-b px-3 py-1.5 text-right">{shown.create[key]}</td>
                  <td className="border-b px-3 py-1.5 text-right">
                    {shown.skip[key] - leftOut(shown, key)}
                  </td>
                  <td className="border-b px-3 py-1.5 text-right">{leftOut(shown, key)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {shown?.profile && Object.keys(shown.profile).length ? (
          // basics fills the profile's empty values (docs/PRODUCT.md §20).
          <div className="grid gap-1 text-sm">
            <p id={`${id}-profile`}>{done ? 'Profile filled' : 'Profile to fill'}</p>
            <dl aria-labelledby={`${id}-profile`} className="grid grid-cols-[auto_1fr] gap-x-3">
              {Object.entries(shown.profile).map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="font-medium">{name}</dt>
                  <dd className="break-all">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null}
        {shown?.skipped.length ? (
          <div className="grid gap-1 text-sm">
            <p id={`${id}-left-out`}>Left out</p>
            <ul aria-labelledby={`${id}-left-out`} className="list-disc pl-5">
              {shown.skipped.map((entry) => (
                <li key={entry.path}>{entry.message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {plan ? (
          <Button
            className="justify-self-start"
            disabled={importResume.isPending}
            onClick={() => void confirm()}
          >
            Import
          </Button>
        ) : null}
      </div>
    </section>
  )
}
