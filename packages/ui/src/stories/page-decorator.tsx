import type { Decorator } from '@storybook/react-vite';
import type * as React from 'react';
import { useEffect, useState } from 'react';
import { generatePath, MemoryRouter, Route, Routes } from 'react-router-dom';
import { useGlobals } from 'storybook/preview-api';
import { AppProviders } from '../components/app-providers';
import type { Theme } from '../components/theme';

/** Args every page story takes: where the memory router starts. */
export interface PageStoryArgs {
  /** A route pattern such as '/playbook/edit/:id'. */
  routePath?: string;
  routeParams?: Record<string, string>;
}

/** Keeps the app's theme toggle and Storybook's toolbar in step (the toggle also works in tests). */
function StoryProviders({
  toolbarTheme,
  onToolbarTheme,
  children,
}: {
  toolbarTheme: Theme;
  onToolbarTheme: (theme: Theme) => void;
  children: React.ReactNode;
}) {
  const [theme, setTheme] = useState<Theme>(toolbarTheme);
  useEffect(() => setTheme(toolbarTheme), [toolbarTheme]);
  return (
    <AppProviders
      theme={theme}
      onThemeChange={(next) => {
        setTheme(next);
        onToolbarTheme(next);
      }}
    >
      {children}
    </AppProviders>
  );
}

/**
 * twenty-style page decorator: a MemoryRouter at `routePath` (filled with `routeParams`) and the app's providers
 * (theme from the toolbar, tooltips, toasts), so every screen state renders without a server.
 */
export const PageDecorator: Decorator = (Story, context) => {
  const { routePath = '/', routeParams = {} } = context.args as PageStoryArgs;
  const [globals, updateGlobals] = useGlobals();
  const url = generatePath(routePath, routeParams);
  return (
    <StoryProviders
      toolbarTheme={globals.theme === 'dark' ? 'dark' : 'light'}
      onToolbarTheme={(theme) => updateGlobals({ theme })}
    >
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={routePath} element={<Story />} />
          <Route path="*" element={<Story />} />
        </Routes>
      </MemoryRouter>
    </StoryProviders>
  );
};
