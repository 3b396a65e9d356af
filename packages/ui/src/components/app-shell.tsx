import {
  BookOpen,
  Bot,
  Calculator,
  CalendarDays,
  ChartColumn,
  CreditCard,
  Images,
  Landmark,
  LayoutDashboard,
  ListChecks,
  Menu,
  Moon,
  NotebookPen,
  ShieldCheck,
  Sun,
  UserRound,
  Wallet,
} from 'lucide-react';
import * as React from 'react';
import { NavLink } from 'react-router-dom';
import { cn } from '../lib/utils';
import { BrandMark } from './brand';
import { IconButton } from './button';
import { useTheme } from './theme';
import { useMenuState } from './use-menu-state';

/** A link in the sidebar. */
export interface NavItem {
  /** The route. */
  to: string;
  /** The link's text. */
  label: string;
  /** A lucide-react icon component. */
  icon: React.ComponentType<{ className?: string }>;
}

/** Every journal area, in the order traders use them. Paths follow the spec's routes. */
export const journalNav: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/trades', label: 'Trades', icon: ListChecks },
  { to: '/calendar', label: 'Calendar', icon: CalendarDays },
  { to: '/analytics', label: 'Analytics', icon: ChartColumn },
  { to: '/funds', label: 'Funds', icon: Wallet },
  { to: '/tax', label: 'Tax P&L', icon: Landmark },
  { to: '/playbooks', label: 'Playbooks', icon: BookOpen },
  { to: '/notebook', label: 'Notebook', icon: NotebookPen },
  { to: '/gallery', label: 'Gallery', icon: Images },
  { to: '/position-sizing', label: 'Position sizing', icon: Calculator },
  { to: '/Bahi-AI', label: 'AI assistant', icon: Bot },
];

export const accountNav: NavItem[] = [
  { to: '/subscription', label: 'Subscription', icon: CreditCard },
  { to: '/profile', label: 'Profile', icon: UserRound },
];

export const adminNav: NavItem = { to: '/admin', label: 'Admin', icon: ShieldCheck };

function NavList({ items, label }: { items: NavItem[]; label: string }) {
  return (
    <div className="grid gap-1">
      <p className="px-3 pt-4 pb-1 font-medium text-muted-foreground text-xs uppercase tracking-wide">{label}</p>
      <ul className="grid gap-0.5">
        {items.map(({ to, label: itemLabel, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              data-slot="nav-link"
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 font-medium text-sm outline-none transition-colors',
                  'hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  isActive ? 'bg-secondary text-secondary-foreground' : 'text-sidebar-foreground',
                )
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {itemLabel}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Brand() {
  return <BrandMark />;
}

function Navigation({ isAdmin }: { isAdmin: boolean }) {
  return (
    <>
      <NavList items={journalNav} label="Journal" />
      <NavList items={isAdmin ? [...accountNav, adminNav] : accountNav} label="Account" />
    </>
  );
}

/** Switches between light and dark (through ThemeProvider); named for the theme it switches to. */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <IconButton
      label={`Switch to ${next} theme`}
      icon={theme === 'dark' ? <Sun /> : <Moon />}
      onClick={() => setTheme(next)}
    />
  );
}

/** The page names itself in its own h1, so the top bar does not repeat the title: it holds the brand on phones. */
export interface AppShellProps {
  /** The signed-in trader's name, shown in the top bar. */
  userName?: string;
  /** Adds Admin to the Account links. */
  isAdmin?: boolean;
  /** Extra controls in the top bar, right-aligned (search, sign-out). */
  actions?: React.ReactNode;
  /** The page, with its own h1. */
  children: React.ReactNode;
}

/** The phones' menu dialog, loaded when it first opens. */
const MobileMenu = React.lazy(() => import('./mobile-menu'));

/** Sidebar with every journal area, top bar, and a menu dialog for navigation on phones. */
export function AppShell({ userName, isAdmin = false, actions, children }: AppShellProps) {
  const [menuOpen, setMenuOpen] = useMenuState();
  const menuTrigger = React.useRef<HTMLButtonElement>(null);
  // Mounted from the first opening on, so that it closes as a dialog does.
  const [menuUsed, setMenuUsed] = React.useState(false);
  if (menuOpen && !menuUsed) setMenuUsed(true);
  return (
    <div data-slot="app-shell" className="flex min-h-screen bg-background text-foreground">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <aside
        data-slot="app-sidebar"
        className="sticky top-0 hidden h-screen w-60 shrink-0 flex-col overflow-y-auto border-r bg-sidebar p-3 lg:flex"
      >
        <div className="px-3 py-2">
          <Brand />
        </div>
        <nav aria-label="Main">
          <Navigation isAdmin={isAdmin} />
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header
          data-slot="app-topbar"
          className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur"
        >
          <IconButton
            ref={menuTrigger}
            label="Open navigation"
            icon={<Menu />}
            className="lg:hidden"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            data-state={menuOpen ? 'open' : 'closed'}
            onClick={() => setMenuOpen(true)}
          />
          {menuUsed ? (
            <React.Suspense fallback={null}>
              <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} triggerRef={menuTrigger} title={<Brand />}>
                <nav aria-label="Mobile">
                  <Navigation isAdmin={isAdmin} />
                </nav>
              </MobileMenu>
            </React.Suspense>
          ) : null}
          <span className="lg:hidden">
            <Brand />
          </span>
          <div className="ml-auto flex items-center gap-2">
            {actions}
            <ThemeToggle />
            {userName ? (
              <span
                title={userName}
                className="flex size-9 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground text-sm"
              >
                <span aria-hidden="true">
                  {userName
                    .split(' ')
                    .map((p) => p[0])
                    .join('')
                    .slice(0, 2)
                    .toUpperCase()}
                </span>
                <span className="sr-only">Signed in as {userName}</span>
              </span>
            ) : null}
          </div>
        </header>
        <main id="main" className="flex-1 p-4 lg:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
