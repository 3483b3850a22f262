// The CV's file name, apart from cv-pdf.ts so that naming the file loads no pdf-lib.

/** `jordan-lee-cv.pdf` from the owner's name; `portfolio-cv.pdf` without one. */
export function cvFileName(owner: string): string {
  const slug = owner
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return `${slug || 'portfolio'}-cv.pdf`
}
