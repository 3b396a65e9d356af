import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect } from 'react';
import '../packages/ui/src/styles.css';

type Theme = 'light' | 'dark';

/** Toggles `.dark` on <html> so that portalled content (dialogs, toasts, tooltips) follows the theme too. */
const withTheme: Decorator = (Story, context) => {
  const theme: Theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  // Applied during render as well, so the first paint (and the first axe run) already has the theme.
  if (typeof document !== 'undefined') document.documentElement.classList.toggle('dark', theme === 'dark');
  return (
    <div className="bg-background text-foreground">
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
        desktop: { name: 'Desktop (1440 × 900)', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
      },
    },
    // Any axe violation fails the story's test.
    a11y: { test: 'error' },
  },
};

export default preview;
