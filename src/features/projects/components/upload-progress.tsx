import { Progress } from '@/components/ui/progress'
import { imageLabel, type ImageItem } from '../lib/project-images'

/** One bar per file being uploaded, fed by uploadImage's onProgress. */
export function UploadProgress({
  items,
  progress,
}: {
  items: ImageItem[]
  progress: Record<string, number>
}) {
  if (!items.length) return null
  return (
    <ul className="grid gap-2" aria-label="Upload progress">
      {items.map((item) => {
        const percent = Math.round((progress[item.key] ?? 0) * 100)
        return (
          <li key={item.key} className="grid gap-1 text-sm">
            <span>
              {imageLabel(item)} ({percent}%)
            </span>
            <Progress value={percent} label={`Uploading ${imageLabel(item)}`} />
          </li>
        )
      })}
    </ul>
  )
}
