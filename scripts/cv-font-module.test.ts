import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import fontkit from '@pdf-lib/fontkit'
import { CV_SCRIPTS } from '../supabase/functions/_shared/contract/cv-scripts.ts'
import { loadCvFonts } from '../supabase/functions/_shared/resume/cv-fonts.ts'
import { cvFontModule, FONT_FILES, FONT_FOLDER, FONT_MODULE } from './cv-font-module.ts'

// The CV's fonts reach the code only through cv-font-data.ts (scripts/cv-font-module.ts).
test('cv-font-data.ts holds the font files as they are (else: npm run cv-fonts)', async () => {
  const committed = await readFile(FONT_MODULE, 'utf8')
  expect(
    committed === (await cvFontModule()),
    'cv-font-data.ts is out of date: run npm run cv-fonts',
  ).toBe(true)
  // Decoded, each export is its file byte for byte.
  const data = (await import(FONT_MODULE)) as Record<keyof typeof FONT_FILES, string>
  for (const [name, file] of Object.entries(FONT_FILES)) {
    const bytes = await readFile(path.join(FONT_FOLDER, file))
    expect(bytes.length).toBeGreaterThan(file.startsWith('Inter') ? 300_000 : 80_000)
    expect(Buffer.from(data[name as keyof typeof FONT_FILES], 'base64').equals(bytes)).toBe(true)
  }
})

test('the CV loads its fonts from the module, decoded to TrueType', async () => {
  const fonts = await loadCvFonts()
  for (const font of [fonts.regular, fonts.bold]) {
    // A TrueType file starts with version 1.0 (0x00010000) and holds Inter's glyphs.
    expect([...font.subarray(0, 4)]).toEqual([0, 1, 0, 0])
    expect(font.length).toBeGreaterThan(300_000)
  }
  for (const font of [fonts.arabicRegular, fonts.arabicBold]) {
    expect([...font.subarray(0, 4)]).toEqual([0, 1, 0, 0])
    expect(font.length).toBeGreaterThan(80_000)
  }
})

/** Letters of each script, as a CV writes them; all drawn, or none. */
const SAMPLES: Record<string, string> = {
  Latn: 'AzŁłŞşĐđƯư',
  Grek: 'ΑΩαωάΐ',
  Cyrl: 'АЯаяЁёЂђ',
  Arab: 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي',
  Hebr: 'אבגדהו',
  Deva: 'अआइईउ',
  Hani: '漢字中文',
  Jpan: 'あいうアイウ',
  Thai: 'กขคง',
}

test('the scripts the CV says it writes are the ones its fonts draw, in both weights', async () => {
  const fonts = await loadCvFonts()
  const faces = [
    [fonts.regular, fonts.bold],
    [fonts.arabicRegular, fonts.arabicBold],
  ].map((pair) => pair.map((bytes) => fontkit.create(bytes)))
  const draws = (text: string) =>
    [...text].every((char) =>
      faces.some((pair) => pair.every((font) => font.hasGlyphForCodePoint(char.codePointAt(0)!))),
    )
  for (const [script, letters] of Object.entries(SAMPLES))
    expect(draws(letters), script).toBe(CV_SCRIPTS.includes(script))
})

test('fonts kept from the bundle do not answer for another source that fails', async () => {
  await loadCvFonts()
  const broken = () => Promise.reject(new Error('Module not found: cv-font-data.ts'))
  await expect(loadCvFonts(broken)).rejects.toThrow('Module not found')
  // A failed load is not kept: the next call asks the source again.
  let calls = 0
  const flaky = () =>
    ++calls === 1 ? broken() : import('../supabase/functions/_shared/resume/cv-font-data.ts')
  await expect(loadCvFonts(flaky)).rejects.toThrow()
  expect((await loadCvFonts(flaky)).regular.length).toBeGreaterThan(300_000)
  expect(calls).toBe(2)
})
