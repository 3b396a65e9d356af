import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** The one class-name helper: conditional classes (clsx), later Tailwind utilities win (tailwind-merge). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
