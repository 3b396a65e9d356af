import type * as React from 'react';
import { type Theme, ThemeProvider } from './theme';
import { Toaster } from './toast';
import { TooltipProvider } from './tooltip';

export interface AppProvidersProps {
  children: React.ReactNode;
  theme?: Theme;
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
