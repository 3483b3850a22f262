// Copies a curated set of screenshots into docs/screenshots/ for the README
// and docs/screenshots.md, each under 300 kB (long pages are scaled down or
// cropped by Chromium's canvas, so nothing beyond the e2e toolchain is
// needed). `npm run screenshots` takes them first: the screens tour alone
// (tests/e2e/screens.spec.ts) on a fresh database holding the demo seed and
// only the tour's own named content, so the pictures never show what other
// end-to-end tests left behind; then tests/e2e/languages.spec.ts, on a fresh
// database of its own, for the French and Arabic pages.
//
//   npm run screenshots                    # the tour and this script, then the languages and `--run languages`
//   npx tsx tests/e2e/curate-screenshots.ts admin-login   # copy only some, from the last tour
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { THEMES } from '../../supabase/functions/_shared/contract/appearance'

const SOURCE = path.resolve('test-results/screenshots')
const TARGET = path.resolve('docs/screenshots')
const MAX_BYTES = 300 * 1024

interface Pick {
  from: string
  to: string
  /** Keep only the top of a full-page shot, in source pixels. */
  cropHeight?: number
  /** First scale tried; lowered until the file fits in MAX_BYTES. */
  scale?: number
  /** Taken by tests/e2e/languages.spec.ts, not by the tour: copied by `--run languages`. */
  run?: 'languages'
}

const picks: Pick[] = [
  // The README's one picture: the top of the page at full width, readable
  // where GitHub shows it (about 830 px wide) without opening it.
  { from: 'public-light-desktop', to: 'public-hero', cropHeight: 730 },
  { from: 'public-light-desktop', to: 'public-light-desktop', scale: 0.5 },
  { from: 'public-dark-desktop', to: 'public-dark-desktop', scale: 0.5 },
  { from: 'public-light-phone', to: 'public-phone', cropHeight: 1800 },
  { from: 'public-drawer-dark-phone', to: 'public-phone-menu-dark' },
  { from: 'login-light-desktop', to: 'admin-login' },
  { from: 'admin-dashboard-light-desktop', to: 'admin-dashboard' },
  { from: 'admin-profile-light-desktop', to: 'admin-profile' },
  { from: 'admin-projects-dark-desktop', to: 'admin-projects-dark' },
  { from: 'admin-project-edit-light-desktop', to: 'admin-project-form' },
  { from: 'admin-configurations-light-desktop', to: 'admin-configurations' },
  { from: 'admin-user-dialog-dark-desktop', to: 'admin-user-dialog-dark' },
  { from: 'admin-messages-light-desktop', to: 'admin-messages' },
  { from: 'admin-drawer-light-phone', to: 'admin-phone-menu' },
  { from: 'admin-dashboard-toolkit-dark-desktop', to: 'admin-dashboard-toolkit-dark', scale: 0.6 },
  { from: 'admin-backup-light-desktop', to: 'admin-backup' },
  { from: 'admin-visitors-light-desktop', to: 'admin-visitors' },
  { from: 'admin-visitors-dark-desktop', to: 'admin-visitors-dark' },
  { from: 'admin-share-links-light-desktop', to: 'admin-share-links' },
  { from: 'admin-share-link-new-dark-desktop', to: 'admin-share-link-new-dark', scale: 0.6 },
  { from: 'admin-experience-light-desktop', to: 'admin-experience' },
  { from: 'admin-experience-new-dark-desktop', to: 'admin-experience-new-dark' },
  { from: 'admin-resume-plan-light-desktop', to: 'admin-resume-plan' },
  { from: 'admin-education-dark-desktop', to: 'admin-education-dark' },
  { from: 'admin-post-preview-light-desktop', to: 'admin-post-preview' },
  { from: 'post-page-light-desktop', to: 'post-page-light', scale: 0.6 },
  { from: 'post-page-dark-desktop', to: 'post-page-dark', scale: 0.6 },
  { from: 'public-cv-light-desktop', to: 'public-cv', scale: 0.6 },
  // From tests/e2e/languages.spec.ts, not the tour: the home page in French and in Arabic.
  { from: 'language-fr-light-desktop', to: 'public-french', scale: 0.5, run: 'languages' },
  { from: 'language-ar-dark-desktop', to: 'public-arabic-dark', scale: 0.5, run: 'languages' },
  { from: 'admin-account-light-desktop', to: 'admin-account' },
  { from: 'admin-account-dark-desktop', to: 'admin-account-dark' },
  { from: 'project-page-light-desktop', to: 'project-page-light', scale: 0.6 },
  { from: 'project-page-dark-desktop', to: 'project-page-dark', scale: 0.6 },
  { from: 'project-page-light-phone', to: 'project-page-phone', cropHeight: 2400 },
  { from: 'admin-appearance-light-desktop', to: 'admin-appearance', scale: 0.6 },
  // The README's row of themes: the demo's home page in each, small.
  ...THEMES.map(({ id: theme }) => ({
    from: `theme-${theme}-light-desktop`,
    to: `theme-${theme}`,
    scale: 0.4,
  })),
]

const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((file) => existsSync(file))
const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage()
mkdirSync(TARGET, { recursive: true })

// Each run of the e2e suite starts with an empty test-results/screenshots, so
// the tour's pictures are copied after the tour, the languages' after theirs
// (`--run languages`). Names given on the command line (`to` names) copy only those.
const args = process.argv.slice(2)
const run = args[0] === '--run' ? args[1] : undefined
const only = run ? args.slice(2) : args
const chosen = only.length
  ? picks.filter((p) => only.includes(p.to))
  : picks.filter((p) => p.run === run)
for (const pick of chosen) {
  const source = path.join(SOURCE, `${pick.from}.png`)
  if (!existsSync(source)) throw new Error(`${source} is missing: run npm run screenshots`)
  const dataUrl = `data:image/png;base64,${readFileSync(source).toString('base64')}`
  let scale = pick.scale ?? 1
  for (;;) {
    const out = await page.evaluate(
      async ({ dataUrl, scale, cropHeight }) => {
        const img = new Image()
        img.src = dataUrl
        await img.decode()
        const height = Math.min(img.naturalHeight, cropHeight ?? img.naturalHeight)
        const canvas = document.createElement('canvas')
        canvas.width = Math.round(img.naturalWidth * scale)
        canvas.height = Math.round(height * scale)
        const ctx = canvas.getContext('2d')!
        ctx.imageSmoothingQuality = 'high'
        ctx.drawImage(img, 0, 0, img.naturalWidth, height, 0, 0, canvas.width, canvas.height)
        return canvas.toDataURL('image/png')
      },
      { dataUrl, scale, cropHeight: pick.cropHeight },
    )
    const bytes = Buffer.from(out.split(',')[1]!, 'base64')
    if (bytes.length <= MAX_BYTES || scale < 0.3) {
      writeFileSync(path.join(TARGET, `${pick.to}.png`), bytes)
      console.log(
        `${pick.to}.png  ${Math.round(bytes.length / 1024)} kB  (scale ${scale.toFixed(2)})`,
      )
      break
    }
    scale *= 0.85
  }
}
await browser.close()
