// Images put into a Markdown text (components/markdown-editor.tsx): each file
// picked, pasted or dropped is checked (JPEG, PNG, GIF or WEBP, at most 5 MB:
// docs/PRODUCT.md §5), sent through the signed upload every image takes
// (lib/upload-image.ts), and written into the text as ![alt](url) where the
// cursor was when it was given. Progress and failures are the editor's to show.
import { useRef, useState } from 'react'
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, messages } from '@shared/contract/messages.ts'
import { serverMessage } from '@/lib/api-client'
import { altFromFileName, imageMarkdown } from '@/lib/markdown-text'
import { uploadImage } from '@/lib/upload-image'

export interface ImageUploadInProgress {
  key: number
  name: string
  /** 0..1 */
  fraction: number
}

type Upload = typeof uploadImage

/** The problem with a file given to the editor, or null when it may go up. */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type))
    return `${file.name}: ${messages.imageTypeSingle}`
  if (file.size > MAX_IMAGE_BYTES) return `${file.name}: ${messages.imageSizeSingle}`
  return null
}

export function useMarkdownImageUploads(
  /** Writes the image's Markdown at `at` in the current text. */
  insert: (markdown: string, at: number) => void,
  upload: Upload = uploadImage,
) {
  const [uploads, setUploads] = useState<ImageUploadInProgress[]>([])
  const [error, setError] = useState<string>()
  const [done, setDone] = useState('')
  const counter = useRef(0)

  async function uploadOne(file: File, at: number) {
    const key = ++counter.current
    setUploads((list) => [...list, { key, name: file.name, fraction: 0 }])
    try {
      const { url } = await upload(file, (fraction) =>
        setUploads((list) => list.map((u) => (u.key === key ? { ...u, fraction } : u))),
      )
      insert(imageMarkdown(altFromFileName(file.name), url), at)
      setDone(`${file.name} uploaded and inserted`)
    } catch (failure) {
      setError(`${file.name}: ${serverMessage(failure, 'Failed to upload images')}`)
    } finally {
      setUploads((list) => list.filter((u) => u.key !== key))
    }
  }

  /** Uploads the image files among `files` (others are reported), each inserted at `at`. */
  async function add(files: File[], at: number) {
    setError(undefined)
    setDone('')
    const problems = files.map(imageProblem).filter((p): p is string => p !== null)
    if (problems.length) setError(problems.join(' '))
    await Promise.all(files.filter((f) => !imageProblem(f)).map((f) => uploadOne(f, at)))
  }

  return { uploads, error, done, add }
}
