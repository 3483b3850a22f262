// Picked files become new image items: checked for type, made lighter
// (prepare-image.ts), then checked for size as they will be uploaded
// (docs/PRODUCT.md §5 and §15).
import { MAX_SOURCE_BYTES } from './image-plan'
import { prepareImage, type PreparedImage } from './prepare-image'
import { newImage, type NewImage } from './project-images'

type Check = (file: File, bytes?: number) => string | null

export async function pickImages(
  files: File[],
  check: Check,
  prepare: (file: File) => Promise<PreparedImage> = prepareImage,
): Promise<{ accepted: NewImage[]; problems: string[] }> {
  const accepted: NewImage[] = []
  const problems: string[] = []
  for (const file of files) {
    // The type first; a file too large to be worth decoding fails on its size at once.
    const early = check(file, file.size > MAX_SOURCE_BYTES ? file.size : 0)
    if (early) {
      problems.push(early)
      continue
    }
    const prepared = await prepare(file)
    const problem = check(file, prepared.file.size)
    if (problem) problems.push(problem)
    else accepted.push(newImage(file, prepared))
  }
  return { accepted, problems }
}
