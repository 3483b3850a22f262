// The Vite plugin that builds each theme's and each font pair's stylesheet
// (src/themes/<id>/theme.css, src/themes/fonts/<id>.css) as a file of its own
// beside the site, so a page links only its own theme's and font's
// (src/ssr/appearance-head.ts, docs/decisions/074). They are entries of the
// browser build: the manifest names each by its source path, with the font
// files it loads (server/build-manifest.ts's styleAssets). No JavaScript.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/** Every theme's and font pair's stylesheet, as paths from the project's root. */
export function styleSources(root: string): string[] {
  const themes = path.join(root, 'src', 'themes')
  const dirs = readdirSync(themes, { withFileTypes: true }).filter((d) => d.isDirectory())
  return [
    ...dirs.filter((d) => d.name !== 'fonts').map((d) => `src/themes/${d.name}/theme.css`),
    ...readdirSync(path.join(themes, 'fonts'))
      .filter((file) => file.endsWith('.css'))
      .map((file) => `src/themes/fonts/${file}`),
  ]
}

const THEME_FILE = /src\/themes\/([a-z0-9-]+)\/theme\.css$/

export function themeEntries(): Plugin {
  return {
    name: 'vitrine-theme-entries',
    apply: 'build',
    config(config) {
      if (config.build?.ssr) return
      const root = path.resolve(config.root ?? process.cwd())
      return {
        build: {
          rollupOptions: {
            // A stylesheet is named after its theme or font pair (grid-<hash>.css),
            // also where the Appearance screen's preview asks for its address
            // (a `?url` import, which would name it after its file, theme.css).
            output: {
              assetFileNames: (asset: { originalFileNames?: readonly string[] }) => {
                const source = asset.originalFileNames?.find((file) => THEME_FILE.test(file))
                return source
                  ? `assets/${THEME_FILE.exec(source)![1]}-[hash][extname]`
                  : 'assets/[name]-[hash][extname]'
              },
            },
            input: {
              index: path.join(root, 'index.html'),
              ...Object.fromEntries(
                styleSources(root).map((source) => [
                  source
                    .replace(/^src\/themes\//, '')
                    .replace(/\/theme\.css$|\.css$/, '')
                    .replace('/', '-'),
                  path.join(root, source),
                ]),
              ),
            },
          },
        },
      }
    },
  }
}
