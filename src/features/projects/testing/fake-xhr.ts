// uploadImage uses XMLHttpRequest (fetch cannot report upload progress); this
// stand-in lets a test drive progress and answers by hand.
import { vi } from 'vitest'

export class FakeUpload {
  static all: FakeUpload[] = []
  status = 0
  responseText = ''
  method = ''
  url = ''
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
  setRequestHeader() {}
  send(form: FormData) {
    this.file = form.get('file') as File
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
}

export function fakeUploads() {
  FakeUpload.all = []
  vi.stubGlobal('XMLHttpRequest', FakeUpload)
  return FakeUpload.all
}
