import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect } from 'react';
import '../packages/ui/src/styles.css';

type Theme = 'light' | 'dark';

/**
 * In docs mode the document stays light whatever a story asks for. The theme decorator below does not put `.dark` on
 * <html> there, but a page story's ThemeProvider (ui's, as in the app) does, so this strips it again for as long as
 * a docs page is open. The observer runs before the next paint.
 */
let docsGuard: MutationObserver | undefined;
function keepDocumentLight(on: boolean) {
  const root = document.documentElement;
  if (on) {
    root.classList.remove('dark');
    if (!docsGuard) {
      docsGuard = new MutationObserver(() => {
        if (root.classList.contains('dark')) root.classList.remove('dark');
      });
      docsGuard.observe(root, { attributes: true, attributeFilter: ['class'] });
    }
  } else {
    docsGuard?.disconnect();
    docsGuard = undefined;
  }
}

/**
 * Canvas: toggles `.dark` on <html>, so that portalled content (dialogs, toasts, tooltips) follows the theme too.
 * Docs: a page shows several stories at once, some light and some dark, so each story's own container carries the
 * theme and the page around them keeps Storybook's.
 */
const withTheme: Decorator = (Story, context) => {
  const theme: Theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  const docs = context.viewMode === 'docs';
  useEffect(() => {
    keepDocumentLight(docs);
    if (!docs) document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme, docs]);
  // Applied during render as well, so the first paint (and the first axe run) already has the theme.
  if (typeof document !== 'undefined') {
    keepDocumentLight(docs);
    if (!docs) document.documentElement.classList.toggle('dark', theme === 'dark');
  }
  return (
    // In docs, a dark story reads as a dark panel inside the light page (padded, so its content is not on the edge).
    <div className={`${docs && theme === 'dark' ? 'dark rounded-lg p-4 ' : ''}bg-background text-foreground`}>
      <Story />
    </div>
  );
};

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    viewport: {
      options: {
        mobile: { name: 'Mobile (360 × 780)', styles: { width: '360px', height: '780px' }, type: 'mobile' },
        tablet: { name: 'Tablet (768 × 1024)', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        laptop: { name: 'Laptop (1280 × 800)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
        desktop: { name: 'Desktop (1440 × 900)', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
      },
    },
    // Any axe violation fails the story's test.
    a11y: { test: 'error' },
    options: {
      // The sidebar in reading order: what Bahi is, its foundations, the parts, then the screens in the order a
      // trader meets them. Storybook opens on the first entry, the introduction.
      storySort: {
        order: [
          'Introduction',
          'Foundations',
          ['Tokens'],
          'Components',
          'Charts',
          'Screens',
          ['Marketing', 'Auth', 'Access', 'Account', 'Journal', ['Dashboard'], 'Subscription'],
        ],
      },
    },
  },
};

export default preview;
