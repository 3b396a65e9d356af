import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/utils';

export const inputVariants = cva(
  [
    'flex w-full min-w-0 rounded-md border border-input bg-background text-foreground shadow-xs transition-colors',
    'placeholder:text-muted-foreground outline-none',
    'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
    'disabled:cursor-not-allowed disabled:opacity-60',
    'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
    'file:border-0 file:bg-transparent file:font-medium file:text-sm',
  ],
  {
    variants: {
      size: { sm: 'h-8 px-2.5 text-sm', md: 'h-10 px-3 text-sm', lg: 'h-11 px-4 text-base' },
    },
    defaultVariants: { size: 'md' },
  },
);

export type InputProps = Omit<React.ComponentProps<'input'>, 'size'> &
  VariantProps<typeof inputVariants> & {
    /** Height and text size: `sm` 32 px, `md` 40 px, `lg` 44 px. @default 'md' */
    size?: VariantProps<typeof inputVariants>['size'];
    /** The input's type, as on `<input>`. @default 'text' */
    type?: React.HTMLInputTypeAttribute;
  };

/**
 * A text input. Put it in a Field, which gives it its label, help and error (`aria-invalid` turns the border red).
 * Every other prop goes to the `<input>`.
 */
export function Input({ className, size, type = 'text', ...props }: InputProps) {
  return (
    <input
      data-slot="input"
      data-size={size ?? 'md'}
      type={type}
      className={cn(inputVariants({ size }), className)}
      {...props}
    />
  );
}
