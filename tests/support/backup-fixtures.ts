// What the backup tests share: a portfolio with images to back up, a view of
// the content that survives a move (no ids, image URLs replaced by their
// bytes), and archives to restore.
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate'
import { expect } from 'vitest'
import { imageForm, tinyPng, type TestContext } from './api-harness.ts'

export const unzip = (bytes: Uint8Array) => unzipSync(bytes)

export function zip(files: Record<string, Uint8Array | string>): Uint8Array {
  const entries: Zippable = {}
  for (const [name, value] of Object.entries(files))
    entries[name] = typeof value === 'string' ? strToU8(value) : value
  return zipSync(entries)
}

/** content.json of an archive with no content but the images `files` (images/<name>), as text. */
export const imagesOnlyContent = (files: string[]) =>
  JSON.stringify({
    format: 'vitrine-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    technologies: [],
    projects: [],
    certifications: [],
    configurations: [],
    images: files.map((file) => ({ file, url: `/uploads/${file.slice('images/'.length)}` })),
  })

export function archiveForm(bytes: Uint8Array, filename = 'backup.zip'): FormData {
  const form = new FormData()
  form.append('file', new File([bytes as BlobPart], filename, { type: 'application/zip' }))
  return form
}

/** A PNG that differs from tinyPng by trailing bytes, so each upload is told apart. */
export const pngNumbered = (n: number) => {
  const bytes = new Uint8Array(tinyPng.length + 4)
  bytes.set(tinyPng)
  new DataView(bytes.buffer).setUint32(tinyPng.length, n)
  return bytes
}

/** Technologies, projects with images, certifications, configurations and a message. */
export async function buildPortfolio(t: TestContext, token: string) {
  const upload = async (n: number) => {
    const res = await t.request('POST', '/uploads/image', {
      token,
      rawBody: imageForm(pngNumbered(n)),
    })
    expect(res.status).toBe(201)
    return res.body.url as string
  }
  const [thumb, shot, icon, badge, logo, card] = await Promise.all([1, 2, 3, 4, 5, 6].map(upload))
  const post = async (url: string, body: unknown) => {
    const res = await t.request('POST', url, { token, body })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body as { id: number }
  }
  const ts = await post('/technologies', { name: 'TypeScript', icon })
  const pg = await post('/technologies', { name: 'Postgres', icon: null })
  await post('/projects', {
    name: 'Vitrine',
    description: 'A portfolio\nwith two lines',
    startYear: 2024,
    endYear: null,
    liveUrl: 'https://vitrine.example.com',
    githubUrl: null,
    isActive: true,
    featured: true,
    thumbnail: thumb,
    images: [shot, thumb],
    // The owner's own alternative text, the size and the card copy (docs/PRODUCT.md §15).
    imageDetails: [{ url: shot, alt: 'The hero screen', width: 1280, height: 800, cardUrl: card }],
    technologiesIds: [ts.id, pg.id],
  })
  await post('/projects', {
    name: 'Draft',
    description: 'Hidden',
    isActive: false,
    technologiesIds: [pg.id],
  })
  await post('/certifications', {
    name: 'CKA',
    icon: badge,
    obtainedDate: '2025-03-01',
    isActive: true,
    technologiesIds: [pg.id],
  })
  await post('/certifications', { name: 'Cloud', icon: '☁️', obtainedDate: '2024-01-15' })
  // The developer's story (docs/PRODUCT.md §18).
  await post('/experiences', {
    organization: 'Acme',
    role: 'Engineer',
    location: 'Lyon',
    startDate: '2021-04',
    endDate: null,
    description: 'Builds things',
    url: 'https://acme.example.com',
    technologiesIds: [pg.id, ts.id],
  })
  await post('/experiences', {
    organization: 'Old Co',
    role: 'Intern',
    startDate: '2019-06',
    endDate: '2019-09',
  })
  await post('/education', {
    institution: 'University',
    qualification: 'MSc',
    field: 'Computing',
    startDate: '2015-09',
    endDate: '2017-06',
  })
  await post('/configs', { name: 'heroTitle1', value: 'HELLO', description: 'Hero' })
  await post('/configs', { name: 'footerText', value: `Logo: ${logo} (c) me`, description: null })
  await t.request('POST', '/contact', {
    body: { name: 'Grace', email: 'grace@example.com', message: 'Nice work' },
    headers: { 'x-forwarded-for': '192.0.2.44' },
  })
}

/** The content as a visitor of the site would judge it: every image by its bytes. */
export async function portfolioView(t: TestContext, token: string) {
  const get = async (url: string) => {
    const res = await t.request('GET', url, { token })
    expect(res.status).toBe(200)
    return res.body
  }
  const image = async (url: string | null) => {
    if (!url) return null
    const bytes = await t.storedFile(url)
    expect(bytes, `the file behind ${url}`).not.toBeNull()
    return Buffer.from(bytes!).toString('base64')
  }
  const projects = await get('/projects')
  const technologies = await get('/technologies')
  const certifications = await get('/certifications')
  const configs = await get('/configs')
  const strip = ({ id: _id, ...rest }: Record<string, unknown>) => rest
  return {
    experiences: (await get('/experiences')).map((e: Record<string, unknown>) => ({
      ...strip(e),
      technologies: (e.technologies as { name: string }[]).map((x) => x.name),
    })),
    education: (await get('/education')).map(strip),
    projects: await Promise.all(
      projects.map(async (p: Record<string, unknown>) => ({
        name: p.name,
        description: p.description,
        startYear: p.startYear,
        endYear: p.endYear,
        liveUrl: p.liveUrl,
        githubUrl: p.githubUrl,
        isActive: p.isActive,
        featured: p.featured,
        thumbnail: await image(p.thumbnail as string | null),
        images: await Promise.all((p.images as string[]).map(image)),
        imageDetails: await Promise.all(
          (
            p.imageDetails as {
              url: string
              alt: string
              width: number | null
              height: number | null
              cardUrl: string | null
            }[]
          ).map(async (d) => ({
            image: await image(d.url),
            alt: d.alt,
            width: d.width,
            height: d.height,
            card: await image(d.cardUrl),
          })),
        ),
        technologies: (p.technologies as { name: string }[]).map((x) => x.name),
      })),
    ),
    technologies: await Promise.all(
      technologies.map(
        async (x: {
          name: string
          icon: string | null
          evidence: { projects?: { name: string }[] }
        }) => ({
          name: x.name,
          icon: await image(x.icon),
          // A restore numbers projects afresh: the projects behind a skill by name.
          evidence: { ...x.evidence, projects: x.evidence.projects?.map((p) => p.name) },
        }),
      ),
    ),
    certifications: await Promise.all(
      certifications.map(async (x: Record<string, string | boolean>) => ({
        name: x.name,
        icon: String(x.icon).includes('/') ? await image(String(x.icon)) : x.icon,
        obtainedDate: x.obtainedDate,
        isActive: x.isActive,
        technologies: (x.technologies as unknown as { name: string }[]).map((y) => y.name),
      })),
    ),
    configs: await Promise.all(
      configs.map(async (x: { name: string; value: string; description: string | null }) => ({
        name: x.name,
        // The logo's URL differs per instance; its file must hold the same bytes.
        value: x.value.replace(/\S*\/[^/\s]+\.png/, 'LOGO'),
        logo: await image(/\S*\/[^/\s]+\.png/.exec(x.value)?.[0] ?? null),
        description: x.description,
      })),
    ),
  }
}
