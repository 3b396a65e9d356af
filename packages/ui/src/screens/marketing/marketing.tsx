import {
  BookOpen,
  Bot,
  Calculator,
  CircleCheck,
  Clock,
  HeartPulse,
  type LucideIcon,
  Menu,
  SquarePen,
} from 'lucide-react';
import type * as React from 'react';
import { useEffect, useId, useRef } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { BrandMark } from '../../components/brand';
import { buttonVariants, IconButton } from '../../components/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/card';
import { useTheme } from '../../components/theme';
import { useMenuState } from '../../components/use-menu-state';
import { formatDate } from '../../lib/dates';
import { formatPrice, type PlanCatalog, planFeatures, plansOnSale, savingsPercent } from '../../lib/plans';
import { cn } from '../../lib/utils';
import { type Feature, type FeatureSlug, features, type LegalDoc, legalDocs } from './content';
import dashboardDark from './dashboard-dark.webp';
import dashboardDark720 from './dashboard-dark-720.webp';
import dashboardLight from './dashboard-light.webp';
import dashboardLight720 from './dashboard-light-720.webp';

export const featureIcons: Record<FeatureSlug, LucideIcon> = {
  'ai-assistant': Bot,
  playbooks: BookOpen,
  emotions: HeartPulse,
  time: Clock,
  'trade-entry': SquarePen,
  calculator: Calculator,
};

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 font-medium text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

function MarketingNav({ className }: { className?: string }) {
  return (
    <ul className={cn('flex gap-1', className)}>
      <li>
        <NavLink to="/features" className={navLinkClass}>
          Features
        </NavLink>
      </li>
      <li>
        <Link to="/#pricing" className={navLinkClass({ isActive: false })}>
          Pricing
        </Link>
      </li>
      <li>
        <NavLink to="/contact" className={navLinkClass}>
          Contact
        </NavLink>
      </li>
    </ul>
  );
}

/** Header and footer around every public page. */
export function MarketingLayout({ children }: { children: React.ReactNode }) {
  const [menuOpen, setMenuOpen] = useMenuState();
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu and gives focus back to its button, wherever focus was.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen, setMenuOpen]);
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          <BrandMark to="/" />
          <nav aria-label="Site" className="hidden md:block">
            <MarketingNav />
          </nav>
          <div className="ml-auto hidden items-center gap-2 md:flex">
            <Link to="/login" className={buttonVariants({ variant: 'ghost' })}>
              Log in
            </Link>
            <Link to="/signup" className={buttonVariants()}>
              Start journaling
            </Link>
          </div>
          {/* A disclosure, not a dialog: the public pages stay light (no Radix Dialog in the landing bundle). */}
          <IconButton
            label="Open menu"
            icon={<Menu />}
            className="ml-auto md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            ref={menuButton}
            onClick={() => setMenuOpen(!menuOpen)}
          />
        </div>
        <div id={menuId} hidden={!menuOpen} className="border-t px-4 pb-4 md:hidden">
          <nav aria-label="Site (mobile)" className="py-3">
            <MarketingNav className="flex-col" />
          </nav>
          <div className="grid gap-2">
            <Link to="/login" className={buttonVariants({ variant: 'outline' })}>
              Log in
            </Link>
            <Link to="/signup" className={buttonVariants()}>
              Start journaling
            </Link>
          </div>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t bg-muted/40">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 text-sm md:grid-cols-3">
          <div className="grid content-start gap-2">
            <BrandMark />
            <p className="text-muted-foreground">The trading journal for Indian markets. Made in India.</p>
          </div>
          <nav aria-label="Features" className="grid content-start gap-2">
            <p className="font-semibold">Features</p>
            {features.map((f) => (
              <Link key={f.slug} to={`/features/${f.slug}`} className="text-muted-foreground hover:text-foreground">
                {f.name}
              </Link>
            ))}
          </nav>
          <nav aria-label="Legal" className="grid content-start gap-2">
            <p className="font-semibold">Company</p>
            {legalDocs.map((d) => (
              <Link key={d.slug} to={`/${d.slug}`} className="text-muted-foreground hover:text-foreground">
                {d.title}
              </Link>
            ))}
          </nav>
        </div>
        <p className="mx-auto max-w-6xl px-4 pb-8 text-muted-foreground text-xs">
          Bahi is a journaling tool, not investment advice. Trading in securities and derivatives involves risk of loss.
        </p>
      </footer>
    </div>
  );
}

function FeatureCard({ feature, headingLevel: Heading = 'h3' }: { feature: Feature; headingLevel?: 'h2' | 'h3' }) {
  const Icon = featureIcons[feature.slug];
  return (
    <Card className="h-full">
      <CardHeader>
        <div
          aria-hidden="true"
          className="mb-2 flex size-10 items-center justify-center rounded-lg bg-secondary text-secondary-foreground"
        >
          <Icon className="size-5" />
        </div>
        <CardTitle asChild>
          <Heading className="text-lg">{feature.name}</Heading>
        </CardTitle>
        <CardDescription>{feature.tagline}</CardDescription>
      </CardHeader>
      <CardFooter className="mt-auto">
        <Link
          to={`/features/${feature.slug}`}
          className={buttonVariants({ variant: 'link', className: 'h-auto px-0' })}
        >
          {/* The link's text names its page (six cards, six links); what shows stays "Learn more". */}
          Learn more<span className="sr-only"> about {feature.name}</span>
        </Link>
      </CardFooter>
    </Card>
  );
}

const productShots = {
  light: `${dashboardLight720} 720w, ${dashboardLight} 1280w`,
  dark: `${dashboardDark720} 720w, ${dashboardDark} 1280w`,
} as const;

/**
 * The dashboard as the landing page shows it: a screenshot of our own dashboard story (packages/ui/scripts/
 * landing-shot.mjs makes it), not live components, so the public page stays light. The theme picks the picture, so
 * only one is downloaded. On a wide screen it is the largest thing in view, so it is fetched first.
 */
function ProductShot() {
  const { theme } = useTheme();
  return (
    <div className="mx-auto w-full max-w-5xl rounded-xl border bg-card p-1.5 shadow-lg">
      <img
        srcSet={productShots[theme]}
        sizes="(min-width: 1056px) 1012px, calc(100vw - 3rem)"
        src={theme === 'dark' ? dashboardDark : dashboardLight}
        width={1280}
        height={880}
        fetchPriority="high"
        decoding="async"
        alt="The Bahi dashboard: a month's net P&L after charges, win rate, profit factor, average and largest wins and losses, drawdown, best and worst days, charges paid, and the equity curve and daily net P&L charts."
        className="h-auto w-full rounded-lg"
      />
    </div>
  );
}

function Pricing({ plans }: { plans: PlanCatalog }) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="mx-auto grid max-w-4xl gap-8 px-4 py-16">
      <div className="grid gap-2 text-center">
        <h2 id="pricing-title" className="font-bold text-3xl">
          Simple pricing in rupees
        </h2>
        <p className="text-muted-foreground">One plan, every feature. Pay with UPI, card or net banking.</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {plansOnSale(plans).map((plan) => {
          const savings = savingsPercent(plan, plans.monthly);
          return (
            <Card key={plan.id} className={cn(savings > 0 && 'border-primary ring-1 ring-primary')}>
              <CardHeader>
                <CardTitle asChild>
                  <h3 className="text-lg">{plan.name}</h3>
                </CardTitle>
                <CardDescription>{plan.description}</CardDescription>
                {/* Beside the title, so that both cards' prices stand on the same line. */}
                {savings > 0 ? (
                  <CardAction>
                    <Badge>Save {savings}%</Badge>
                  </CardAction>
                ) : null}
              </CardHeader>
              <CardContent>
                <p>
                  <span className="font-bold text-4xl">{formatPrice(plan.amount)}</span>
                  <span className="text-muted-foreground"> / {plan.period}</span>
                </p>
              </CardContent>
              <CardFooter className="mt-auto">
                <Link
                  to="/signup"
                  className={buttonVariants({ variant: savings > 0 ? 'primary' : 'outline', className: 'w-full' })}
                >
                  Start with {plan.name}
                </Link>
              </CardFooter>
            </Card>
          );
        })}
      </div>
      <ul className="mx-auto grid gap-2 text-sm sm:grid-cols-2">
        {planFeatures.map((f) => (
          <li key={f} className="flex gap-2">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            {f}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The public landing page at /. */
export function LandingPage({
  plans,
}: {
  /** The plans on sale: billing's `PLANS`. */
  plans: PlanCatalog;
}) {
  return (
    <MarketingLayout>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-16 text-center md:py-24">
        <Badge variant="secondary" className="mx-auto">
          Built for NSE and BSE traders
        </Badge>
        <h1 className="mx-auto max-w-3xl font-bold text-4xl tracking-tight md:text-5xl">
          The trading journal that shows you where your rupees go
        </h1>
        <p className="mx-auto max-w-2xl text-lg text-muted-foreground">
          Import your Zerodha, Dhan, Upstox or Angel One trades, see every day’s net P&amp;L after charges, and learn
          which setups, hours and moods make you money. From {formatPrice(plans.monthly.amount)} a month.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/signup" className={buttonVariants({ size: 'lg' })}>
            Start journaling
          </Link>
          <Link to="/features" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
            See features
          </Link>
        </div>
        <ProductShot />
      </section>
      <section aria-labelledby="features-title" className="bg-muted/40 py-16">
        <div className="mx-auto grid max-w-6xl gap-8 px-4">
          <div className="grid gap-2 text-center">
            <h2 id="features-title" className="font-bold text-3xl">
              Everything a serious trader logs
            </h2>
            <p className="text-muted-foreground">Equity, futures and options, intraday and positional.</p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {features.map((f) => (
              <li key={f.slug}>
                <FeatureCard feature={f} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <Pricing plans={plans} />
    </MarketingLayout>
  );
}

/** /features: every feature. */
export function FeaturesIndexPage() {
  return (
    <MarketingLayout>
      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-16">
        <div className="grid gap-2">
          <h1 className="font-bold text-4xl">Features</h1>
          <p className="text-lg text-muted-foreground">
            From the first import to the weekly review: what Bahi does for an Indian trader.
          </p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((f) => (
            <li key={f.slug}>
              <FeatureCard feature={f} headingLevel="h2" />
            </li>
          ))}
        </ul>
      </section>
    </MarketingLayout>
  );
}

/** /features/{slug}: one feature in depth. */
export function FeaturePage({ feature }: { feature: Feature }) {
  const Icon = featureIcons[feature.slug];
  const others = features.filter((f) => f.slug !== feature.slug);
  return (
    <MarketingLayout>
      <article className="mx-auto grid max-w-3xl gap-6 px-4 py-16">
        <nav aria-label="Breadcrumb" className="text-muted-foreground text-sm">
          <Link to="/features" className="hover:text-foreground">
            Features
          </Link>{' '}
          / <span aria-current="page">{feature.name}</span>
        </nav>
        <div
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-xl bg-secondary text-secondary-foreground"
        >
          <Icon className="size-6" />
        </div>
        <h1 className="font-bold text-4xl">{feature.name}</h1>
        <p className="text-primary text-xl">{feature.tagline}</p>
        <p className="text-lg text-muted-foreground">{feature.summary}</p>
        <ul className="grid gap-3">
          {feature.points.map((p) => (
            <li key={p} className="flex gap-2">
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
              {p}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3 pt-4">
          <Link to="/signup" className={buttonVariants({ size: 'lg' })}>
            Start journaling
          </Link>
          <Link to="/#pricing" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
            See pricing
          </Link>
        </div>
        <section aria-labelledby="more-features" className="grid gap-3 border-t pt-8">
          <h2 id="more-features" className="font-semibold text-xl">
            More features
          </h2>
          <ul className="flex flex-wrap gap-2">
            {others.map((f) => (
              <li key={f.slug}>
                <Link to={`/features/${f.slug}`} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
                  {f.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </article>
    </MarketingLayout>
  );
}

/** Layout for /terms, /privacy, /shipping, /refund and /contact. */
export function LegalPage({
  doc,
  plans,
}: {
  doc: LegalDoc;
  /** The plans on sale (billing's `PLANS`), for the paragraphs that quote prices. */
  plans: PlanCatalog;
}) {
  return (
    <MarketingLayout>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-16 md:grid-cols-[14rem_1fr]">
        <nav aria-label="Policies" className="md:sticky md:top-20 md:self-start">
          <ul className="grid gap-1 text-sm">
            {legalDocs.map((d) => (
              <li key={d.slug}>
                <NavLink to={`/${d.slug}`} className={navLinkClass}>
                  {d.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <article className="grid content-start gap-6">
          <header className="grid gap-2">
            <h1 className="font-bold text-3xl">{doc.title}</h1>
            <p className="text-muted-foreground text-sm">Last updated {formatDate(doc.updated)}</p>
          </header>
          {doc.sections.map((s) => (
            <section key={s.heading} className="grid gap-2">
              <h2 className="font-semibold text-xl">{s.heading}</h2>
              {s.body
                .map((p) => (typeof p === 'function' ? p(plans) : p))
                .map((p) => (
                  <p key={p} className="text-muted-foreground leading-relaxed">
                    {p}
                  </p>
                ))}
            </section>
          ))}
        </article>
      </div>
    </MarketingLayout>
  );
}
