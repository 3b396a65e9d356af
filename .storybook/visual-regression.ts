import { afterEach, type TestContext } from 'vitest';
import { page } from 'vitest/browser';

/**
 * A story's `visualRegression` parameter. Keep opt-outs rare and say why beside each one: animations, transitions, the
 * caret, fonts and images are made deterministic below, so they are no reason to opt out.
 */
export interface VisualRegressionParameters {
  /** No screenshots at all: for a story that cannot look the same twice (its play function ends mid-change). */
  disable?: boolean;
  /**
   * `false`: no dark screenshot, for a story whose play function only holds in the light theme (it checks a light
   * colour, or clicks "Switch to dark theme") while another story shows the same thing in dark.
   */
  dark?: boolean;
}

type Theme = 'light' | 'dark';

/** The laptop and phone sizes the overflow check uses too (the preview's mobile viewport is 360 × 780). */
const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 360, height: 780 };

/** A tall page is captured whole up to this height and cut off below it, so a runaway page cannot make a huge image. */
const MAX_HEIGHT = 12_000;

/** What addon-vitest puts on the test context: the story composed with the preview's annotations. */
interface ComposedStory {
  parameters: { visualRegression?: VisualRegressionParameters };
  globals: Record<string, unknown>;
  run(context?: { globals: Record<string, unknown> }): Promise<void>;
}

/** Two frames: a resize has been laid out and ResizeObserver callbacks (charts) have rendered. */
function settled() {
  return new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/** Every image on the page loaded (or failed): lazy ones start once a resize brings them into view. */
async function imagesLoaded() {
  const pending = [...document.images].filter((image) => !image.complete);
  await Promise.all(
    pending.map(
      (image) =>
        new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
          setTimeout(resolve, 5_000);
        }),
    ),
  );
}

/**
 * The same pixels on every run: no animation or transition caught halfway (Playwright's `animations: 'disabled'`
 * covers only what runs while the screenshot is taken), no blinking caret, no toast leaving, every font and image
 * loaded. A textarea's resize grip is left out: the browser draws it, differently from one Chromium release to the next.
 */
async function freeze() {
  const style = document.createElement('style');
  style.dataset.visualRegression = '';
  // The page is at least as tall as the window, so that whatever is fixed to its bottom is on the page.
  style.textContent = `*, *::before, *::after {
    animation: none !important;
    transition: none !important;
    caret-color: transparent !important;
  }
  textarea { resize: none !important; }
  html { min-height: 100vh; }`;
  document.head.append(style);
  // Toasts leave after two seconds: their timers wait, as Radix makes them wait while the pointer rests on a toast.
  const toasts = [...document.querySelectorAll('[data-slot=toast-viewport]')];
  for (const viewport of toasts) viewport.dispatchEvent(new CustomEvent('toast.viewportPause'));
  await document.fonts.ready;
  await imagesLoaded();
  return () => {
    for (const viewport of toasts) viewport.dispatchEvent(new CustomEvent('toast.viewportResume'));
    style.remove();
  };
}

/**
 * The page at `width`, as tall as its content so that the screenshot shows all of it. Vitest scales its test frame
 * down when the frame is larger than the browser window, which would shrink every screenshot, so the scale is set back
 * to 1 (the next `page.viewport` call sets vitest's own scale again).
 */
async function showWhole(width: number, height: number) {
  let frameHeight = height;
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.viewport(width, frameHeight);
    const holder = window.frameElement?.parentElement;
    if (holder) holder.style.transform = 'none';
    await settled();
    await imagesLoaded();
    const contentHeight = Math.min(MAX_HEIGHT, Math.max(height, document.documentElement.scrollHeight));
    if (contentHeight === frameHeight) return;
    frameHeight = contentHeight;
  }
}

/**
 * The story's own element (the canvas addon-vitest renders into), or the whole page when the story shows something
 * outside it: a dialog, tooltip or menu in a portal, or a toast fixed to a corner of the window.
 */
function captureTarget(): Element {
  const shown = (element: Element) => {
    const { width, height } = element.getBoundingClientRect();
    return width > 0 && height > 0;
  };
  const [canvas, ...portals] = [...document.body.children].filter(
    (element) => element.tagName === 'DIV' && shown(element),
  );
  if (!canvas || portals.length > 0) return document.documentElement;
  // An empty toast region is fixed too, but shows nothing.
  const fixed = [...canvas.querySelectorAll('*')].some(
    (element) => getComputedStyle(element).position === 'fixed' && shown(element) && element.childElementCount > 0,
  );
  return fixed ? document.documentElement : canvas;
}

/** `screens-journal-calendar--month` → `screens-journal-calendar/month` (a folder per component). */
function baselineName(storyId: string, theme: Theme, width: number) {
  const [component, story] = storyId.split('--');
  return `${component}/${story}-${theme}-${width}`;
}

/**
 * After every story's test, screenshots the story in light and dark at 1280 px and in light at 360 px and compares each
 * with its committed baseline (visual-regression.config.ts says where baselines live and how close is close enough).
 * A story that sets the dark theme itself is another story's dark twin, so it is captured in dark only; a story that
 * sets a phone viewport itself is captured at 360 px only. The dark screenshot comes from running the story again with
 * the theme global set to dark, play function included (axe is not run again), as Storybook's toolbar shows it.
 * The names of the baselines a story uses go into the test's meta, for `npm run test:visual:update` to drop the rest.
 */
export function checkVisualRegression() {
  afterEach(async (context: TestContext & { story?: ComposedStory }) => {
    const { task, story } = context;
    const storyId = (task.meta as { storyId?: string }).storyId;
    if (!storyId || !story || task.result?.state === 'fail') return;
    const parameters = story.parameters.visualRegression ?? {};
    if (parameters.disable) return;
    const title = `${task.file.name.replace(/^.*\//, '')} › ${task.name} (${storyId})`;
    const original = { width: window.innerWidth, height: window.innerHeight };
    const ownTheme: Theme = story.globals.theme === 'dark' ? 'dark' : 'light';
    const phone = original.width <= MOBILE.width;
    const baselines: string[] = [];
    const failures: string[] = [];

    async function capture(theme: Theme, { width, height }: { width: number; height: number }) {
      const name = baselineName(storyId as string, theme, width);
      baselines.push(name);
      const unfreeze = await freeze();
      try {
        await showWhole(width, height);
        await context.expect(captureTarget()).toMatchScreenshot(name);
      } catch (error) {
        failures.push(`${theme}, ${width} px: ${(error as Error).message}`);
      } finally {
        unfreeze();
      }
    }

    try {
      await capture(ownTheme, phone ? MOBILE : DESKTOP);
      if (!phone) await capture(ownTheme, MOBILE);
      if (ownTheme === 'light' && parameters.dark !== false) {
        // Again at the size the test ran at, so the play function meets the page it was written for.
        await page.viewport(original.width, original.height);
        try {
          await story.run({ globals: { ...story.globals, theme: 'dark', a11y: { manual: true } } });
          await capture('dark', phone ? MOBILE : DESKTOP);
        } catch (error) {
          failures.push(
            `dark: the play function fails when the story runs again in the dark theme: ${(error as Error).message}\n` +
              'Make it hold in both themes or, when another story shows this one in dark, set ' +
              '`parameters: { visualRegression: { dark: false } }` and say why.',
          );
        }
      }
    } finally {
      (task.meta as { visualBaselines?: string[] }).visualBaselines = baselines;
      await page.viewport(original.width, original.height);
      await settled();
    }
    if (failures.length > 0) {
      throw new Error(
        `Story ${title} does not match its screenshots.\n\n${failures.join('\n\n')}\n\n` +
          'If the change is intended, rewrite the baselines (npm run test:visual:update) and review them in the diff. ' +
          "Baselines are made with Debian 12's Chromium and fonts: other browsers or fonts differ everywhere.",
      );
    }
  }, 120_000);
}
