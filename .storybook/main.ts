import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';

// One Storybook for every package and app: stories sit beside their components.
const config: StorybookConfig = {
  stories: [
    // The introduction and other pages written in MDX (the first one Storybook opens: see preview.tsx's storySort).
    '../packages/*/src/**/*.mdx',
    '../packages/*/src/**/*.stories.@(ts|tsx)',
    '../apps/*/src/**/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  typescript: {
    // Prop tables from the TypeScript types: variant and size unions from cva, TSDoc descriptions, defaults from
    // destructuring or @default. The story tests render no docs, so they keep the faster Babel-based react-docgen.
    reactDocgen: process.env.VITEST ? 'react-docgen' : 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      // Our props only, not the hundreds of HTML and Radix props a component passes on (Radix documents its own).
      // A prop we redeclare with our own TSDoc (Toast's `title`) stays; cva's variants have no declaration at all.
      propFilter: (prop) =>
        !prop.declarations?.length || prop.declarations.some((d) => !/node_modules/.test(d.fileName)),
    },
  },
  async viteFinal(viteConfig) {
    const { defaultClientConditions, mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      plugins: [tailwindcss()],
      // Workspace packages from their TypeScript sources (the `@bahi/source` export condition), not from dist.
      resolve: { conditions: ['@bahi/source', ...defaultClientConditions] },
      // Pre-bundle what stories import, so Vite does not discover them mid-run and reload the test page.
      optimizeDeps: {
        include: [
          '@radix-ui/react-alert-dialog',
          '@radix-ui/react-checkbox',
          '@radix-ui/react-dialog',
          '@radix-ui/react-label',
          '@radix-ui/react-select',
          '@radix-ui/react-slot',
          '@radix-ui/react-switch',
          '@radix-ui/react-tabs',
          '@radix-ui/react-toast',
          '@radix-ui/react-tooltip',
          'class-variance-authority',
          'clsx',
          'tailwind-merge',
          'lucide-react',
          'react-router-dom',
          'react-dom/client',
        ],
      },
    });
  },
};

export default config;
