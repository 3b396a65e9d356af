import path from 'node:path';
// The browser provider's types fill in vitest's screenshot options (the comparators and their settings).
import type {} from '@vitest/browser-playwright';
import type { BrowserConfigOptions } from 'vitest/node';

/** The committed baselines: one PNG per story and variant, `<component>/<story>-<theme>-<width>.png`. */
export const BASELINES_DIR = '.storybook/visual-baselines';

/** Where a failing comparison leaves the actual screenshot and the diff (under test-results/, gitignored). */
export const DIFFS_DIR = 'test-results/visual-regression';

type ScreenshotDefaults = NonNullable<NonNullable<BrowserConfigOptions['expect']>['toMatchScreenshot']>;

/**
 * Defaults for `toMatchScreenshot` in the Storybook project (`browser.expect.toMatchScreenshot` in vitest.config.ts);
 * .storybook/visual-regression.ts takes the screenshots.
 */
export const visualRegressionDefaults: ScreenshotDefaults = {
  comparatorName: 'pixelmatch',
  // Chosen by measurement. Every story run three times on this machine's kind (Debian 12's Chromium, software
  // rendering, its fonts) gave the same pixels every time, even compared with no tolerance at all. A changed character
  // is few pixels: with anti-aliased pixels left out (pixelmatch's default), 3 → 8 at 14 px is 3 pixels and "." → ","
  // is 1, so they count here (3 → 8: 15 pixels, "." → ",": 8, "i" → "l": 2). What is allowed is a colour a shade off
  // in any pixel (pixelmatch's default colour distance, for another CPU's rounding) and one stray pixel. A ratio would
  // allow more on a tall page, where a changed digit is just as small, so the limit is a count.
  comparatorOptions: {
    threshold: 0.1,
    includeAA: true,
    allowedMismatchedPixels: 1,
  },
  // One image pixel per CSS pixel, whatever the display; animations finished or cancelled; no text caret.
  screenshotOptions: { scale: 'css', animations: 'disabled', caret: 'hide' },
  resolveScreenshotPath: ({ arg, ext, root }) => path.join(root, BASELINES_DIR, `${arg}${ext}`),
  resolveDiffPath: ({ arg, ext, root }) => path.join(root, DIFFS_DIR, `${arg}${ext}`),
};
