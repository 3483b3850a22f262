// uploadImage sends files with XMLHttpRequest (fetch cannot report upload
// progress): first POST /uploads/sign through the stubbed fetch, then the
// bytes to storage through this stand-in, which lets a test drive progress
// and answer by hand.
import { vi } from 'vitest'
import { ok } from '../fake-api'

export class FakeUpload {
  static all: FakeUpload[] = []
  status = 0
  responseText = ''
  method = ''
  url = ''
  headers: Record<string, string> = {}
  file: File | null = null
  upload: {
    onprogress:
      ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null
  } = {
    onprogress: null,
  }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value
  }
  send(form: FormData) {
    // supabase-js sends the file as the form's only file part.
    this.file = [...form.values()].find((value): value is File => typeof value !== 'string') ?? null
    FakeUpload.all.push(this)
  }
  progress(fraction: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 })
  }
  respond(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
  /** Storage's answer to a stored object. */
  stored() {
    const name = new URL(this.url, 'http://localhost').pathname.split('/').pop()
    this.respond(200, { Key: `images/${name}` })
  }
}

export function fakeUploads() {
  FakeUpload.all = []
  vi.stubGlobal('XMLHttpRequest', FakeUpload)
  return FakeUpload.all
}

/** POST /uploads/sign for fakeApi: the n-th file signed will be at /uploads/signed-n.png. */
export function fakeSigner() {
  let signed = 0
  return () => {
    const path = `signed-${++signed}.png`
    return ok({
      signedUrl: `/storage/v1/object/upload/sign/images/${path}?token=t${signed}`,
      token: `t${signed}`,
      path,
      url: `/uploads/${path}`,
    })
  }
}
