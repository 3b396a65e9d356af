import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/utils';
import { Spinner } from './spinner';

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors',
    'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-1 focus-visible:ring-offset-background',
    'disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        outline: 'border border-input bg-background text-foreground hover:bg-accent hover:text-accent-foreground',
        ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-11 px-6 text-base',
        icon: 'size-10',
        'icon-sm': 'size-8',
      },
      loading: { true: 'cursor-progress', false: '' },
    },
    compoundVariants: [
      // A loading link-style button keeps its colour but loses the underline affordance.
      { variant: 'link', loading: true, class: 'no-underline hover:no-underline' },
      { variant: ['primary', 'destructive'], loading: true, class: 'opacity-90' },
    ],
    defaultVariants: { variant: 'primary', size: 'md', loading: false },
  },
);

/** A `<button>`'s props, plus the look and the loading state. */
export type ButtonProps = React.ComponentProps<'button'> &
  Omit<VariantProps<typeof buttonVariants>, 'loading'> & {
    /**
     * How much the button stands out: `primary` for the one main action of a view, `secondary` or `outline` beside
     * it, `ghost` in toolbars and menus, `destructive` to delete, `link` for an action inside text.
     * @default 'primary'
     */
    variant?: VariantProps<typeof buttonVariants>['variant'];
    /** Height and padding: `sm` 32 px, `md` 40 px, `lg` 44 px; `icon` and `icon-sm` are square (see IconButton). @default 'md' */
    size?: VariantProps<typeof buttonVariants>['size'];
    /** Render the child element (a link) with button styles instead of a `<button>`. */
    asChild?: boolean;
    /** Shows a spinner, sets aria-busy and blocks clicks while an action is in flight. */
    loading?: boolean;
  };

/**
 * A button, or a link that looks like one (`asChild`). While `loading` it shows a spinner, is busy for assistive
 * technology and ignores clicks, so an action in flight cannot be sent twice.
 */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      data-slot="button"
      data-variant={variant ?? 'primary'}
      data-size={size ?? 'md'}
      data-loading={loading || undefined}
      aria-busy={loading || undefined}
      disabled={asChild ? undefined : disabled || loading}
      className={cn(buttonVariants({ variant, size, loading }), className)}
      {...props}
    >
      {asChild ? (
        children
      ) : (
        <>
          {loading ? <Spinner size="sm" label={null} /> : null}
          {children}
        </>
      )}
    </Comp>
  );
}

export type IconButtonProps = Omit<ButtonProps, 'size' | 'children' | 'asChild'> & {
  /** The accessible name: icon buttons have no visible text, so this is required. */
  label: string;
  /** The icon, a lucide-react element; hidden from assistive technology (the label names the button). */
  icon: React.ReactNode;
  /** `md` is 40 px square, `sm` 32 px. */
  size?: 'sm' | 'md';
};

/** A square button holding one icon; `label` becomes its accessible name (and hover title). */
export function IconButton({ label, icon, size = 'md', variant = 'ghost', loading, ...props }: IconButtonProps) {
  return (
    <Button
      data-slot="icon-button"
      aria-label={label}
      title={label}
      variant={variant}
      size={size === 'sm' ? 'icon-sm' : 'icon'}
      loading={loading}
      {...props}
    >
      {loading ? null : <span aria-hidden="true">{icon}</span>}
    </Button>
  );
}
