import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { toastError, toastSuccess } from '@/components/ui/sonner'

/** The ten recovery codes, shown this once, to copy or download (docs/PRODUCT.md §2.12). */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => toastSuccess('Recovery codes copied'))
      .catch(() => toastError('Could not copy. Select the codes and copy them instead.'))
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: 'vitrine-recovery-codes.txt',
    })
    link.click()
    URL.revokeObjectURL(url)
  }

  return (
    <div className="grid gap-4">
      <Alert variant="success">Two-step sign-in is on.</Alert>
      <h3 id="recovery-codes-heading" className="font-semibold">
        Recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">
        Each code signs in once without the app. Keep them somewhere safe: they are shown only now.
      </p>
      <ol
        aria-labelledby="recovery-codes-heading"
        className="grid grid-cols-2 gap-2 rounded-lg border bg-muted/40 p-4 font-mono text-sm select-all"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          Copy codes
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          Download
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  )
}
