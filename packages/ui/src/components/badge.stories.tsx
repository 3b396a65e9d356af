import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './badge';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  tags: ['autodocs'],
  args: { children: 'Active' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

const variants = [
  'default',
  'secondary',
  'outline',
  'success',
  'warning',
  'destructive',
  'info',
  'profit',
  'loss',
] as const;

function Catalog() {
  return (
    <div className="grid gap-3">
      {(['sm', 'md'] as const).map((size) => (
        <div key={size} className="flex flex-wrap gap-2">
          {variants.map((variant) => (
            <Badge key={variant} variant={variant} size={size}>
              {variant}
            </Badge>
          ))}
        </div>
      ))}
    </div>
  );
}

export const Default: Story = {};
export const AllVariants: Story = { render: () => <Catalog /> };
export const AllVariantsDark: Story = { render: () => <Catalog />, globals: { theme: 'dark' } };
