import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * The one font file the first paint needs: Inter cut to the characters of the app's own text, declared in @bahi/ui's
 * styles.css (the whole Latin file is fetched only for other characters).
 */
export const FIRST_PAINT_FONT = 'inter-core-wght-normal.woff2';

/** The emitted files of a build, as `transformIndexHtml` sees them. */
type Bundle = Record<string, { type: 'asset' | 'chunk'; fileName: string; originalFileNames?: string[] }>;

/**
 * The `<link rel="preload">` for the built font file. A browser asks for a font only once the CSS is parsed and text
 * needs it; preloaded, it downloads alongside the scripts, so the text swaps to Inter sooner (less visible reflow).
 */
export function fontPreloadTag(bundle: Bundle, base: string, file = FIRST_PAINT_FONT): HtmlTagDescriptor {
  const asset = Object.values(bundle).find(
    (output) => output.type === 'asset' && (output.originalFileNames ?? []).some((name) => name.endsWith(`/${file}`)),
  );
  if (!asset) throw new Error(`The build emitted no ${file}: the font preload would point nowhere.`);
  return {
    tag: 'link',
    // Fonts are always fetched in CORS mode: without `crossorigin` the preload would not be used.
    attrs: { rel: 'preload', href: `${base}${asset.fileName}`, as: 'font', type: 'font/woff2', crossorigin: true },
    injectTo: 'head',
  };
}

/** Adds the first paint's font preload to the built index.html (HTML only: no JavaScript). */
export function preloadFont(): Plugin {
  let base = '/';
  return {
    name: 'bahi:preload-font',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) => [fontPreloadTag((bundle ?? {}) as Bundle, base)],
    },
  };
}
