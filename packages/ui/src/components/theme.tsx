import * as React from 'react';

export type Theme = 'light' | 'dark';

interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
}

const ThemeContext = React.createContext<ThemeContextValue>({ theme: 'light', setTheme: () => {} });

const STORAGE_KEY = 'bahi-theme';

function initialTheme(): Theme {
  if (typeof window === 'undefined') return 'light';
  const stored = window.localStorage.getItem(STORAGE_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export interface ThemeProviderProps {
  /** The app, or the part that follows the theme. */
  children: React.ReactNode;
  /** Controlled theme (Storybook's toolbar passes it); otherwise stored choice, then the system preference. */
  theme?: Theme;
  /** Called with the theme the user picks (ThemeToggle). */
  onThemeChange?: (theme: Theme) => void;
}

/** Puts `.dark` on `<html>` (so portals follow) and remembers the choice. */
export function ThemeProvider({ children, theme: controlled, onThemeChange }: ThemeProviderProps) {
  const [own, setOwn] = React.useState<Theme>(() => controlled ?? initialTheme());
  const theme = controlled ?? own;

  React.useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);

  const setTheme = React.useCallback(
    (next: Theme) => {
      if (controlled === undefined) {
        setOwn(next);
        window.localStorage.setItem(STORAGE_KEY, next);
      }
      onThemeChange?.(next);
    },
    [controlled, onThemeChange],
  );

  const value = React.useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  return React.useContext(ThemeContext);
}
