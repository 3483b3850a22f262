import { toString as qrSvg } from 'qrcode'
import { useEffect, useState } from 'react'

/**
 * A QR code of `text` as an SVG image, drawn in the browser: the secret never
 * goes to another service to be drawn. The qrcode library is reached only
 * from the account page, in the back office's chunk.
 */
export function QrCode({ text, alt }: { text: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    qrSvg(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((svg) => {
        if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)
      })
      .catch(() => {
        if (current) setSrc(null)
      })
    return () => {
      current = false
    }
  }, [text])
  // White behind the code in both themes: scanners need dark on light.
  return src ? (
    <img src={src} alt={alt} width={192} height={192} className="rounded-md bg-white p-2" />
  ) : (
    <div aria-hidden="true" className="size-48 rounded-md bg-muted" />
  )
}
