import type * as React from 'react';
import { type Theme, ThemeProvider } from './theme';
import { Toaster } from './toast';
import { TooltipProvider } from './tooltip';

export interface AppProvidersProps {
  /** The app, or the screen a story renders. */
  children: React.ReactNode;
  /** Controlled theme (Storybook's toolbar); left out, the stored choice, then the system preference. */
  theme?: Theme;
  /** Called with the theme the user picks. */
  onThemeChange?: (theme: Theme) => void;
}

/** Everything a screen expects around it: theme, tooltips, the toast viewport. The app and page stories share it. */
export function AppProviders({ children, theme, onThemeChange }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme} onThemeChange={onThemeChange}>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </ThemeProvider>
  );
}
