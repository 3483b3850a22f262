import { useEffect, useState } from 'react'

/**
 * A preview URL for a picked file, revoked when the file changes or the
 * component unmounts (created in an effect so StrictMode's double mount is safe).
 */
export function useObjectUrl(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!file) {
      setUrl(undefined)
      return
    }
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file])
  return url
}
