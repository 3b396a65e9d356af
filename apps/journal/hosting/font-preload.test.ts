import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_FONT, fontPreloadTag } from './font-preload';

const bundle = {
  'assets/index-abc.js': { type: 'chunk' as const, fileName: 'assets/index-abc.js' },
  'assets/inter-latin-ext-wght-normal-x.woff2': {
    type: 'asset' as const,
    fileName: 'assets/inter-latin-ext-wght-normal-x.woff2',
    originalFileNames: ['/repo/node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2'],
  },
  'assets/inter-latin-wght-normal-Dx4k.woff2': {
    type: 'asset' as const,
    fileName: 'assets/inter-latin-wght-normal-Dx4k.woff2',
    originalFileNames: ['/repo/node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'],
  },
  'assets/inter-core-wght-normal-Q9pz.woff2': {
    type: 'asset' as const,
    fileName: 'assets/inter-core-wght-normal-Q9pz.woff2',
    originalFileNames: [`/repo/packages/ui/src/fonts/${FIRST_PAINT_FONT}`],
  },
};

describe('the font preload in index.html', () => {
  it('links the core file (the characters the app writes) under its built name, as a CORS font request (else fetched twice)', () => {
    expect(fontPreloadTag(bundle, '/')).toEqual({
      tag: 'link',
      attrs: {
        rel: 'preload',
        href: '/assets/inter-core-wght-normal-Q9pz.woff2',
        as: 'font',
        type: 'font/woff2',
        crossorigin: true,
      },
      injectTo: 'head',
    });
  });

  it('follows the base path, and stops the build when the file is missing rather than preload nothing', () => {
    expect(fontPreloadTag(bundle, '/journal/').attrs?.href).toBe('/journal/assets/inter-core-wght-normal-Q9pz.woff2');
    expect(() => fontPreloadTag({}, '/')).toThrow('The build emitted no inter-core-wght-normal.woff2');
  });
});

describe('the core font file', () => {
  it('is declared for the characters scripts/subset-inter.sh cut it to (the two lists are kept the same)', () => {
    const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');
    const cut = /^CORE='([^']+)'/m.exec(read('scripts/subset-inter.sh'))?.[1]?.split(',');
    const face = /@font-face\s*{[^}]*inter-core-wght-normal\.woff2[^}]*unicode-range:([^;]+);/.exec(
      read('packages/ui/src/styles.css'),
    )?.[1];
    expect(cut).toContain('U+20AC');
    expect(face?.split(',').map((range) => range.trim())).toEqual(cut);
  });

  it('is declared for the weights scripts/subset-inter.sh kept (400 to 700), the whole file for any other', () => {
    const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');
    const kept = /^WEIGHTS='(\d+):(\d+)'/m.exec(read('scripts/subset-inter.sh'))?.slice(1);
    const css = read('packages/ui/src/styles.css');
    const weights = (file: string) =>
      new RegExp(`@font-face\\s*{[^}]*font-weight: (\\d+) (\\d+);[^}]*${file}`).exec(css)?.slice(1);
    expect(kept).toEqual(['400', '700']);
    expect(weights('inter-core-wght-normal\\.woff2')).toEqual(kept);
    expect(weights('inter-latin-wght-normal\\.woff2')).toEqual(['100', '900']);
  });
});
