import type { Meta, StoryObj } from '@storybook/react-vite';
import { Plus, Trash2 } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button, IconButton } from './button';

const meta = {
  title: 'Components/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Save trade', onClick: fn() },
  argTypes: {
    variant: { control: 'select', options: ['primary', 'secondary', 'outline', 'ghost', 'destructive', 'link'] },
    size: { control: 'select', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

const variants = ['primary', 'secondary', 'outline', 'ghost', 'destructive', 'link'] as const;
const sizes = ['sm', 'md', 'lg'] as const;

export const Default: Story = {
  // Its play function checks the light theme's --primary; AllVariantsDark is every button in dark.
  parameters: { visualRegression: { dark: false } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const button = canvas.getByRole('button', { name: 'Save trade' });
    await expect(button).toHaveFocus();
    // Tokens reach the component: the filled button uses --primary (#4F46E5), not the brand #6366F1.
    await expect(button).toHaveStyle({ backgroundColor: 'rgb(79, 70, 229)' });
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const Loading: Story = {
  args: { loading: true, children: 'Saving…' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: /Saving/ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const AsLink: Story = {
  args: { asChild: true, children: <a href="#pricing">See pricing</a> },
};

function Catalog() {
  return (
    <div className="grid gap-4">
      {variants.map((variant) => (
        <div key={variant} className="flex flex-wrap items-center gap-3">
          <span className="w-24 text-muted-foreground text-sm">{variant}</span>
          {sizes.map((size) => (
            <Button key={size} variant={variant} size={size}>
              {size}
            </Button>
          ))}
          <Button variant={variant} disabled>
            Disabled
          </Button>
          <Button variant={variant} loading>
            Loading
          </Button>
          <Button variant={variant}>
            <Plus aria-hidden="true" /> With icon
          </Button>
        </div>
      ))}
      <div className="flex items-center gap-3">
        <span className="w-24 text-muted-foreground text-sm">icon</span>
        <IconButton label="Add trade" icon={<Plus />} variant="primary" />
        <IconButton label="Add trade (outline)" icon={<Plus />} variant="outline" />
        <IconButton label="Delete trade" icon={<Trash2 />} variant="destructive" size="sm" />
        <IconButton label="More options" icon={<Plus />} />
        <IconButton label="Deleting" icon={<Trash2 />} loading />
      </div>
    </div>
  );
}

export const AllVariants: Story = { render: () => <Catalog /> };
export const AllVariantsDark: Story = { render: () => <Catalog />, globals: { theme: 'dark' } };
