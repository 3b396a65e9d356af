import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, within } from 'storybook/test';
import { chartColors } from '../charts/chart';
// The tokens as written: every value on this page is read from the stylesheet, so the page cannot drift from it.
import css from '../styles.css?raw';

const meta = {
  title: 'Foundations/Tokens',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj;

/** The custom properties declared in the first `selector { … }` block of styles.css, in order. */
function declarations(selector: string): Map<string, string> {
  const start = css.indexOf(`\n${selector} {`);
  if (start < 0) throw new Error(`styles.css has no ${selector} block`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('\n}', start));
  const found = new Map<string, string>();
  for (const [, name = '', value = ''] of body.matchAll(/(--[\w-]+):\s*([^;]+);/g)) found.set(name, value.trim());
  return found;
}

const light = declarations(':root');
const dark = declarations('.dark');
const theme = declarations('@theme inline');
const colourTokens = [...light.keys()].filter((name) => light.get(name)?.startsWith('#'));

/** A token's value in each theme; `var(--x)` (the charts name tokens that way) resolves to --x. */
function valuesOf(token: string): { light: string; dark: string } {
  const name = token.replace(/^var\((--[\w-]+)\)$/, '$1');
  return { light: light.get(name) ?? '', dark: dark.get(name) ?? light.get(name) ?? '' };
}

/** What an element's style computes to, read once it is on the page (shadows and radii as the browser draws them). */
function useComputed(property: 'boxShadow' | 'borderTopLeftRadius') {
  const ref = React.useRef<HTMLDivElement>(null);
  const [value, setValue] = React.useState('');
  React.useLayoutEffect(() => {
    if (ref.current) setValue(getComputedStyle(ref.current)[property]);
  }, [property]);
  return [ref, value] as const;
}

function Section({ title, note, children }: { title: string; note?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2 className="font-semibold text-xl">{title}</h2>
      {note ? <p className="max-w-3xl text-muted-foreground text-sm">{note}</p> : null}
      {children}
    </section>
  );
}

function Swatch({ colour }: { colour: string }) {
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden="true" className="size-6 shrink-0 rounded-md border" style={{ background: colour }} />
      <span className="font-mono text-xs">{colour}</span>
    </span>
  );
}

const pairs: Array<[string, string, string]> = [
  ['background / foreground', 'bg-background', 'text-foreground'],
  ['card', 'bg-card', 'text-card-foreground'],
  ['primary', 'bg-primary', 'text-primary-foreground'],
  ['secondary', 'bg-secondary', 'text-secondary-foreground'],
  ['accent', 'bg-accent', 'text-accent-foreground'],
  ['muted', 'bg-muted', 'text-muted-foreground'],
  ['destructive', 'bg-destructive', 'text-destructive-foreground'],
  ['success', 'bg-success', 'text-success-foreground'],
  ['warning', 'bg-warning', 'text-warning-foreground'],
  ['info', 'bg-info', 'text-info-foreground'],
  ['profit', 'bg-profit-muted', 'text-profit'],
  ['loss', 'bg-loss-muted', 'text-loss'],
];

function Colour() {
  return (
    <Section
      title="Colour"
      note="Components name semantic tokens (bg-primary, text-muted-foreground), never raw colours. Each pair below is text on its background in the current theme, at least 4.5:1."
    >
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {pairs.map(([name, bg, fg]) => (
          <li key={name} className={`${bg} ${fg} rounded-lg border p-4 text-sm`}>
            <span className="font-semibold">{name}</span>
            <span className="block font-mono text-xs">
              {bg} {fg}
            </span>
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-3 text-sm">
        <span aria-hidden="true" className="size-10 shrink-0 rounded-lg bg-brand" />
        Brand accent {light.get('--brand')}: focus rings, chart lines, stripes. Not used behind text (4.47:1 on white).
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Every colour token in the light and dark themes</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Token
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Light
              </th>
              <th scope="col" className="py-2 font-medium">
                Dark
              </th>
            </tr>
          </thead>
          <tbody>
            {colourTokens.map((name) => {
              const v = valuesOf(name);
              return (
                <tr key={name} className="border-t">
                  <th scope="row" className="py-1.5 pr-4 font-mono font-normal text-xs">
                    {name}
                  </th>
                  <td className="py-1.5 pr-4">
                    <Swatch colour={v.light} />
                  </td>
                  <td className="py-1.5">
                    <Swatch colour={v.dark} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

const chartRoles: Record<keyof typeof chartColors, string> = {
  brand: 'The series line and area (equity curve, capital)',
  profit: 'Bars and cells above zero',
  loss: 'Bars and cells below zero',
  grid: 'Grid lines',
  axis: 'Axis labels; the dashed money-put-in line',
  tooltipBg: 'Tooltip background',
  tooltipFg: 'Tooltip text',
};

function ChartPalette() {
  // Keyed by chartRoles (typed to cover every chartColors key), not Object.entries(chartColors): Storybook's docgen
  // adds displayName and __docgenInfo to exported objects it takes for components.
  const roles = (Object.keys(chartRoles) as Array<keyof typeof chartColors>).map(
    (role) => [role, chartColors[role]] as const,
  );
  return (
    <Section
      title="Chart palette"
      note="What the charts draw with (chartColors in charts/chart.tsx): CSS variables, so a chart follows the theme like every component."
    >
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {roles.map(([role, token]) => {
          const v = valuesOf(token);
          return (
            <li key={role} className="grid grid-cols-[2.5rem_1fr] items-center gap-x-3 rounded-lg border p-3 text-sm">
              <span aria-hidden="true" className="row-span-3 size-10 rounded-md border" style={{ background: token }} />
              <span className="font-semibold">{role}</span>
              <span className="font-mono text-muted-foreground text-xs">
                {token.replace(/^var\((.*)\)$/, '$1')} · {v.light} / {v.dark}
              </span>
              <span className="text-muted-foreground text-xs">{chartRoles[role]}</span>
            </li>
          );
        })}
      </ul>
      <p className="text-muted-foreground text-sm">
        The series palette: --chart-1 draws the brand line; --chart-2 to --chart-5 are kept for charts with more series.
      </p>
      <ul className="flex flex-wrap gap-4">
        {[1, 2, 3, 4, 5].map((n) => (
          <li key={n} className="flex items-center gap-2 text-sm">
            <span aria-hidden="true" className="h-2 w-10 rounded-full" style={{ background: `var(--chart-${n})` }} />
            <span className="font-mono text-xs">
              --chart-{n} · {valuesOf(`--chart-${n}`).light} / {valuesOf(`--chart-${n}`).dark}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const weights: Array<[string, string]> = [
  ['font-normal', '400'],
  ['font-medium', '500'],
  ['font-semibold', '600'],
  ['font-bold', '700'],
];

function Typeface() {
  const [loaded, setLoaded] = React.useState<boolean>();
  React.useEffect(() => {
    let live = true;
    document.fonts.load('16px Inter').then(() => live && setLoaded(document.fonts.check('16px Inter')));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Section
      title="Typeface"
      note={
        <>
          Inter, variable (weights 100–900 in one file), Latin subset, loaded from the @fontsource-variable/inter
          package with <code>font-display: swap</code>. Characters outside Latin, ₹ among them, come from the system
          font that follows it in the stack.
        </>
      }
    >
      <div className="grid gap-2">
        <p className="font-semibold text-4xl tracking-tight">Where your rupees go</p>
        <p className="text-lg">ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz</p>
        <p className="text-lg tabular-nums">0123456789 +−.,% ₹12,34,567.00</p>
        <ul className="flex flex-wrap gap-x-6 gap-y-1">
          {weights.map(([cls, weight]) => (
            <li key={cls} className={cls}>
              {weight} <span className="font-mono text-muted-foreground text-xs">{cls}</span>
            </li>
          ))}
        </ul>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-muted-foreground">--font-sans</dt>
        <dd className="font-mono text-xs">{theme.get('--font-sans')}</dd>
        <dt className="text-muted-foreground">--font-mono</dt>
        <dd className="font-mono text-xs">{theme.get('--font-mono')}</dd>
        <dt className="text-muted-foreground">In use here</dt>
        <dd>
          {loaded === undefined
            ? 'Checking…'
            : loaded
              ? 'Inter is loaded'
              : 'Inter did not load: the system font shows'}
        </dd>
      </dl>
    </Section>
  );
}

function TypeScale() {
  const sizes = [...theme.keys()].filter((name) => /^--text-\w+$/.test(name));
  return (
    <Section title="Type scale" note="A minor third (1.125) from 16 px, each size with its line height.">
      {sizes.map((name) => {
        const cls = name.slice(2);
        return (
          <p key={name} className={cls}>
            <span className="inline-block w-60 font-mono text-muted-foreground text-xs">
              {cls} {theme.get(name)} / {theme.get(`${name}--line-height`)}
            </span>
            Net P&amp;L ₹12,34,567.00
          </p>
        );
      })}
    </Section>
  );
}

const spacing = [1, 2, 3, 4, 6, 8, 12, 16];

function Spacing() {
  return (
    <Section title="Spacing" note={`Tailwind's step, --spacing: ${theme.get('--spacing')} (4 px): p-4 is 16 px.`}>
      {spacing.map((n) => (
        <div key={n} className="flex items-center gap-3 text-sm">
          <span className="w-16 font-mono text-muted-foreground text-xs">{`p-${n}`}</span>
          <span aria-hidden="true" className="h-3 rounded-sm bg-brand" style={{ width: `${n * 4}px` }} />
          {n * 4}px
        </div>
      ))}
    </Section>
  );
}

const radii: Array<[string, string, string]> = [
  ['rounded-sm', '--radius-sm', 'Checkboxes, menu items, close buttons'],
  ['rounded-md', '--radius-md', 'Buttons, inputs, badges, tooltips'],
  ['rounded-lg', '--radius-lg', 'Alerts, toasts, tabs'],
  ['rounded-xl', '--radius-xl', 'Cards, dialogs, stats, empty states'],
  ['rounded-full', '', 'Switches, avatars, spinners'],
];

function RadiusSample({ cls, token, use }: { cls: string; token: string; use: string }) {
  const [ref, px] = useComputed('borderTopLeftRadius');
  return (
    <li className="grid content-start justify-items-start gap-1 text-sm">
      <div ref={ref} aria-hidden="true" className={`${cls} size-16 border-2 border-primary bg-secondary`} />
      <span className="font-semibold">{cls}</span>
      <span className="font-mono text-muted-foreground text-xs">
        {token ? `${theme.get(token)} = ${px}` : 'calc(infinity * 1px): a pill or circle'}
      </span>
      <span className="text-muted-foreground text-xs">{use}</span>
    </li>
  );
}

function Radius() {
  return (
    <Section title="Radius" note={`From one base, --radius: ${light.get('--radius')}.`}>
      <ul className="grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-5">
        {radii.map(([cls, token, use]) => (
          <RadiusSample key={cls} cls={cls} token={token} use={use} />
        ))}
      </ul>
    </Section>
  );
}

const shadows: Array<[string, string]> = [
  ['shadow-xs', 'Inputs, checkboxes, text areas'],
  ['shadow-sm', 'Cards, buttons, the active tab'],
  ['shadow-md', 'Select menus, tooltips'],
  ['shadow-lg', 'Dialogs, toasts'],
];

function ShadowSample({ cls, use }: { cls: string; use: string }) {
  const [ref, value] = useComputed('boxShadow');
  return (
    <li className="grid content-start gap-2 text-sm">
      <div ref={ref} aria-hidden="true" className={`${cls} h-16 rounded-xl border bg-card`} />
      <span className="font-semibold">{cls}</span>
      <span className="text-muted-foreground text-xs">{use}</span>
      <span className="break-all font-mono text-muted-foreground text-xs">
        {value.replace(/rgba\(0, 0, 0, 0\) 0px 0px 0px 0px, /g, '')}
      </span>
    </li>
  );
}

function Shadows() {
  return (
    <Section
      title="Shadows"
      note="Tailwind's shadow scale; higher layers float further. Dark surfaces lean on borders."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {shadows.map(([cls, use]) => (
          <ShadowSample key={cls} cls={cls} use={use} />
        ))}
      </ul>
    </Section>
  );
}

function Tokens() {
  return (
    <div className="grid gap-12">
      <Colour />
      <Typeface />
      <TypeScale />
      <Spacing />
      <Radius />
      <Shadows />
      <ChartPalette />
    </div>
  );
}

export const Light: Story = {
  render: () => <Tokens />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Values as written in styles.css: the brand #6366f1 and primary #4f46e5 (light), the 8 px base radius.
    await expect(canvas.getByRole('row', { name: /--primary #4f46e5 #a5b4fc/ })).toBeVisible();
    await expect(canvas.getByText('From one base, --radius: 0.5rem.')).toBeVisible();
    // rounded-lg is the base radius: 0.5rem = 8 px; rounded-xl adds 4 px.
    await expect(canvas.getByText('var(--radius) = 8px')).toBeVisible();
    await expect(canvas.getByText('calc(var(--radius) + 4px) = 12px')).toBeVisible();
    await expect(canvas.getAllByText(/--chart-1 · #6366f1 \/ #818cf8/)[0]).toBeVisible();
    await expect(await canvas.findByText('Inter is loaded')).toBeVisible();
  },
};
export const Dark: Story = { render: () => <Tokens />, globals: { theme: 'dark' } };
