import { afterEach, type TestContext } from 'vitest';
import { page } from 'vitest/browser';

/** A phone (the preview's mobile viewport) and a laptop: every story must fit both without scrolling sideways. */
const VIEWPORTS = [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
] as const;

/** Table parts share their table's width; naming the table tells a designer more than naming a row. */
const TABLE_PARTS = new Set(['TR', 'TBODY', 'THEAD', 'TFOOT', 'COLGROUP', 'COL']);

/** Two frames: the resize has been laid out and ResizeObserver callbacks (charts) have rendered. */
function settled() {
  return new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/**
 * True when a box that clips or scrolls sideways holds the element, so it cannot widen the page. Only boxes on the
 * containing-block chain clip: an absolutely positioned element (a visually hidden label, say) escapes a scroller
 * that is not positioned, and then does widen the page.
 */
function clippedByAncestor(element: Element) {
  let position = getComputedStyle(element).position;
  for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
    const style = getComputedStyle(parent);
    const containsIt = position !== 'absolute' || style.position !== 'static' || style.transform !== 'none';
    if (!containsIt) continue;
    if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
    position = style.position;
  }
  return false;
}

function describeBox(element: Element) {
  const tag = element.tagName.toLowerCase();
  const className = element.getAttribute('class')?.trim();
  const classes = className ? ` class="${className.length > 120 ? `${className.slice(0, 117)}...` : className}"` : '';
  const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  const quoted = text ? ` "${text.length > 60 ? `${text.slice(0, 57)}...` : text}"` : '';
  const { width, right } = element.getBoundingClientRect();
  return `<${tag}${classes}>${quoted} (${Math.round(width)} px wide, right edge at ${Math.round(right)} px)`;
}

/** Names what makes the page wider than the viewport, or returns nothing when the page fits. */
function findOverflow(): string | undefined {
  const root = document.documentElement;
  const viewport = root.clientWidth;
  if (root.scrollWidth <= viewport) return undefined;
  const offenders = [...document.body.querySelectorAll('*')].filter((element) => {
    const { right, width } = element.getBoundingClientRect();
    return (
      width > 0 &&
      right > viewport + 0.5 &&
      !TABLE_PARTS.has(element.tagName) &&
      getComputedStyle(element).position !== 'fixed' &&
      !clippedByAncestor(element)
    );
  });
  // The widest element that sticks out, the innermost one when its ancestors are stretched to the same width.
  let widest: Element | undefined;
  for (const element of offenders) {
    if (!widest || element.getBoundingClientRect().width >= widest.getBoundingClientRect().width - 0.5) {
      widest = element;
    }
  }
  const lines = [`the page is ${root.scrollWidth} px wide, ${root.scrollWidth - viewport} px past the viewport.`];
  if (!widest) {
    lines.push('No box sticks out on its own: look for a transformed or absolutely positioned element.');
  } else {
    lines.push(`Widest offending element: ${describeBox(widest)}`);
    if (getComputedStyle(widest).position === 'absolute') {
      lines.push('It is absolutely positioned: a scrolling box clips it only when positioned itself (`relative`).');
    }
    // The nearest box that fits and its child that sticks out: a grid or flex item stretched by its content there
    // usually wants `min-w-0`; otherwise the content wants to wrap, stack or scroll in its own container.
    let child: Element = widest;
    let container = widest.parentElement;
    while (container && container !== document.body && container.getBoundingClientRect().right > viewport + 0.5) {
      child = container;
      container = container.parentElement;
    }
    if (container && container !== document.body) {
      const through = child === widest ? '' : `\nthrough its child ${describeBox(child)}`;
      lines.push(`It sticks out of ${describeBox(container)}${through}.`);
    }
  }
  return lines.join('\n');
}

/**
 * After every story's test, renders it again at 360 px and 1280 px and fails when the page scrolls sideways.
 * A wide table that scrolls inside its own `overflow-x: auto` wrapper is fine; the page itself must not scroll.
 */
export function checkNoHorizontalOverflow() {
  afterEach(async ({ task }: TestContext) => {
    const storyId = (task.meta as { storyId?: string }).storyId;
    if (!storyId || task.result?.state === 'fail') return;
    const story = `${task.file.name.replace(/^.*\//, '')} › ${task.name} (${storyId})`;
    const original = { width: window.innerWidth, height: window.innerHeight };
    const failures: string[] = [];
    try {
      for (const { width, height } of VIEWPORTS) {
        await page.viewport(width, height);
        await settled();
        const overflow = findOverflow();
        if (overflow) failures.push(`At ${width} px ${overflow}`);
      }
    } finally {
      // Back to the story's own size, laid out again, for whatever runs after this check.
      await page.viewport(original.width, original.height);
      await settled();
    }
    if (failures.length > 0) {
      throw new Error(`Story ${story} scrolls sideways.\n${failures.join('\n\n')}`);
    }
  });
}
