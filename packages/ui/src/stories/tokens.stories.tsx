import type { Meta, StoryObj } from '@storybook/react-vite';

const meta = {
  title: 'Foundations/Tokens',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj;

const pairs: Array<[string, string, string]> = [
  ['background / foreground', 'bg-background', 'text-foreground'],
  ['card', 'bg-card', 'text-card-foreground'],
  ['primary (#4F46E5 light)', 'bg-primary', 'text-primary-foreground'],
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

const scale = ['text-xs', 'text-sm', 'text-base', 'text-lg', 'text-xl', 'text-2xl', 'text-3xl', 'text-4xl'];
const spacing = [1, 2, 3, 4, 6, 8, 12, 16];

function Tokens() {
  return (
    <div className="grid gap-10">
      <section className="grid gap-3">
        <h2 className="font-semibold text-xl">Colour pairs</h2>
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
          <span aria-hidden="true" className="size-10 rounded-lg bg-brand" />
          Brand accent #6366F1: focus rings, chart lines, stripes. Not used behind text (4.47:1 on white).
        </div>
      </section>
      <section className="grid gap-3">
        <h2 className="font-semibold text-xl">Type scale</h2>
        {scale.map((cls) => (
          <p key={cls} className={cls}>
            <span className="font-mono text-muted-foreground text-xs">{cls}</span> Net P&amp;L ₹12,34,567.00
          </p>
        ))}
      </section>
      <section className="grid gap-3">
        <h2 className="font-semibold text-xl">Spacing (4 px step)</h2>
        {spacing.map((n) => (
          <div key={n} className="flex items-center gap-3 text-sm">
            <span className="w-16 font-mono text-muted-foreground text-xs">{`p-${n}`}</span>
            <span aria-hidden="true" className="h-3 rounded-sm bg-brand" style={{ width: `${n * 4}px` }} />
            {n * 4}px
          </div>
        ))}
      </section>
    </div>
  );
}

export const Light: Story = { render: () => <Tokens /> };
export const Dark: Story = { render: () => <Tokens />, globals: { theme: 'dark' } };
