// A Markdown text for the back office's forms (a post's body, a project's
// description, an experience's): Write and Preview tabs, and images uploaded
// into the text. Preview renders with the code the public pages are rendered
// with (_shared/markdown/render.ts, docs/PRODUCT.md §26), styled as they style
// it (.markdown, src/markdown.css); that code (markdown-it
// and highlight.js) is loaded the first time a preview is asked for, so it
// weighs on no form before then and never on a public page's chunk.
import { ImagePlus } from 'lucide-react'
import { useEffect, useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react'
import { IMAGE_MIME_TYPES } from '@shared/contract/messages.ts'
import { useMarkdownImageUploads } from '@/components/markdown-image-uploads'
import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { Textarea } from '@/components/ui/textarea'
import { insertAt } from '@/lib/markdown-text'

type Render = (text: string) => string
let renderer: Promise<Render> | undefined
const loadRenderer = () =>
  (renderer ??= import('@shared/contract/markdown.ts').then((module) => module.renderMarkdown))

interface MarkdownEditorProps {
  /** The text area's id, which the field's label names (LabeledField gives it). */
  id?: string
  name?: string
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  rows?: number
  disabled?: boolean
  'aria-invalid'?: boolean
  'aria-describedby'?: string
  /** The text area, so a form can focus the field it finds wrong. */
  textareaRef?: (element: HTMLTextAreaElement | null) => void
  /** The text's language and direction (a translation's), on the text area and its preview. */
  lang?: string
  dir?: 'ltr' | 'rtl'
}

const imageFiles = (list: FileList | null | undefined) =>
  [...(list ?? [])].filter((file) => file.type.startsWith('image/'))

export function MarkdownEditor({
  id,
  name,
  value,
  onChange,
  onBlur,
  rows = 12,
  disabled,
  textareaRef,
  lang,
  dir,
  ...aria
}: MarkdownEditorProps) {
  const generated = useId()
  const areaId = id ?? `${generated}-text`
  const [tab, setTab] = useState('write')
  const area = useRef<HTMLTextAreaElement | null>(null)
  const picker = useRef<HTMLInputElement>(null)
  // The text as it is now, for an upload that ends after more typing.
  const latest = useRef(value)
  latest.current = value
  const images = useMarkdownImageUploads((markdown, at) => {
    const next = insertAt(latest.current, at, markdown)
    latest.current = next.text
    onChange(next.text)
    requestAnimationFrame(() => area.current?.setSelectionRange(next.cursor, next.cursor))
  })
  const cursor = () => area.current?.selectionEnd ?? latest.current.length

  const onPaste = (event: ClipboardEvent) => {
    const files = imageFiles(event.clipboardData?.files)
    if (!files.length) return
    event.preventDefault()
    void images.add(files, cursor())
  }
  const onDrop = (event: DragEvent) => {
    const files = imageFiles(event.dataTransfer?.files)
    if (!files.length) return
    event.preventDefault()
    void images.add(files, cursor())
  }

  return (
    <Tabs value={tab} onValueChange={setTab}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <TabsList aria-label="Write or preview" className="border-b-0">
          <TabsTrigger value="write">Write</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          aria-describedby={`${generated}-image-hint`}
          onClick={() => picker.current?.click()}
        >
          <ImagePlus aria-hidden="true" /> Insert image
        </Button>
        <input
          ref={picker}
          type="file"
          accept={IMAGE_MIME_TYPES.join(',')}
          multiple
          hidden
          tabIndex={-1}
          aria-label="Image file to insert"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            setTab('write')
            void images.add(files, cursor())
          }}
        />
      </div>
      <TabsContent value="write" forceMount tabIndex={-1}>
        <Textarea
          ref={(element) => {
            area.current = element
            textareaRef?.(element)
          }}
          id={areaId}
          name={name}
          rows={rows}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          onPaste={onPaste}
          onDrop={onDrop}
          lang={lang}
          dir={dir}
          className="font-mono"
          {...aria}
        />
      </TabsContent>
      <TabsContent value="preview" forceMount>
        {tab === 'preview' ? <MarkdownPreview text={value} lang={lang} dir={dir} /> : null}
      </TabsContent>
      <p id={`${generated}-image-hint`} className="text-xs text-muted-foreground">
        Markdown. Images may also be pasted or dropped into the text (JPEG, PNG, GIF or WEBP, at
        most 5 MB).
      </p>
      {images.uploads.length ? (
        <ul className="grid gap-2" aria-label="Image uploads">
          {images.uploads.map((upload) => {
            const percent = Math.round(upload.fraction * 100)
            return (
              <li key={upload.key} className="grid gap-1 text-sm">
                <span>
                  {upload.name} ({percent}%)
                </span>
                <Progress value={percent} label={`Uploading ${upload.name}`} />
              </li>
            )
          })}
        </ul>
      ) : null}
      <p role="status" className="sr-only">
        {images.uploads.length ? `Uploading ${images.uploads.length} image(s)` : images.done}
      </p>
      {images.error ? (
        <p role="alert" className="text-sm text-destructive">
          {images.error}
        </p>
      ) : null}
    </Tabs>
  )
}

/** The text as the public page shows it, rendered once the renderer has loaded. */
function MarkdownPreview({
  text,
  lang,
  dir,
}: {
  text: string
  lang?: string
  dir?: 'ltr' | 'rtl'
}) {
  const [render, setRender] = useState<Render | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    loadRenderer().then(
      (loaded) => live && setRender(() => loaded),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [])
  if (failed) return <p role="alert">The preview could not be loaded. Please try again.</p>
  if (!render) return <Spinner label="Loading preview" />
  if (!text.trim()) return <p className="py-4 text-sm text-muted-foreground">Nothing to preview.</p>
  return (
    <div
      lang={lang}
      dir={dir}
      // The public pages' stylesheet for it (src/markdown.css): the preview looks as the page will.
      className="markdown rounded-md border border-input px-4 py-3"
      // render.ts writes no raw HTML from the text, only its own safe elements.
      dangerouslySetInnerHTML={{ __html: render(text) }}
    />
  )
}
