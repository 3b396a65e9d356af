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
    originalFileNames: [`/repo/node_modules/@fontsource-variable/inter/files/${FIRST_PAINT_FONT}`],
  },
};

describe('the font preload in index.html', () => {
  it('links the Latin file under its built name, as a CORS font request (else the browser fetches it twice)', () => {
    expect(fontPreloadTag(bundle, '/')).toEqual({
      tag: 'link',
      attrs: {
        rel: 'preload',
        href: '/assets/inter-latin-wght-normal-Dx4k.woff2',
        as: 'font',
        type: 'font/woff2',
        crossorigin: true,
      },
      injectTo: 'head',
    });
  });

  it('follows the base path, and stops the build when the file is missing rather than preload nothing', () => {
    expect(fontPreloadTag(bundle, '/journal/').attrs?.href).toBe('/journal/assets/inter-latin-wght-normal-Dx4k.woff2');
    expect(() => fontPreloadTag({}, '/')).toThrow('The build emitted no inter-latin-wght-normal.woff2');
  });
});
