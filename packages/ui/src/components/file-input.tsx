import { Upload } from 'lucide-react';
import * as React from 'react';
import { cn } from '../lib/utils';
import { buttonVariants } from './button';
import { useField } from './field';

export type FileInputProps = Omit<
  React.ComponentProps<'input'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'children' | 'size' | 'placeholder'
> & {
  /** The files picked or dropped; only the first one unless `multiple`. */
  onFiles?: (files: File[]) => void;
  /** The button's text; it also names the control when no Field (or aria-label) does. */
  buttonLabel?: string;
  /** The chosen files, named beside the button; without it the control names the files last picked. */
  files?: ReadonlyArray<{ name: string }>;
  /** What shows while no file is chosen (default "No file chosen" / "No files chosen"). */
  placeholder?: React.ReactNode;
  /** A drop area: a tall dashed box with an icon and `description` above the button, for a step about a file. */
  dropzone?: boolean;
  /** The icon of the drop area. */
  icon?: React.ReactNode;
  /** The drop area's text above the button. */
  description?: React.ReactNode;
};

/** The names of the chosen files, for the line beside the button. */
function fileNames(files: ReadonlyArray<{ name: string }>): string {
  return files.map((f) => f.name).join(', ');
}

/**
 * A file picker in the design system's look: a button and the names of the chosen files (or a drop area) instead of
 * the browser's "Choose Files No file chosen". The browser's file input lies invisible over the whole control, so a
 * click anywhere opens the picker, Tab reaches it, screen readers meet a real file input named by its Field, and
 * tests can set its files; files dragged onto the control are taken too. Works inside a `Field` like `Input`.
 */
export function FileInput({
  className,
  onFiles,
  buttonLabel,
  files,
  placeholder,
  dropzone = false,
  icon,
  description,
  multiple,
  disabled,
  id,
  ...props
}: FileInputProps) {
  const field = useField();
  const generated = React.useId();
  const inputId = id ?? `file-${generated}`;
  const summaryId = `${inputId}-files`;
  const [picked, setPicked] = React.useState<File[]>([]);
  const [dragging, setDragging] = React.useState(false);
  const chosen = files ?? picked;
  const label = buttonLabel ?? (multiple ? 'Choose files' : 'Choose a file');
  const named = Boolean(field || props['aria-label'] || props['aria-labelledby']);

  const take = (list: FileList | null) => {
    const all = Array.from(list ?? []);
    const taken = multiple ? all : all.slice(0, 1);
    if (!taken.length) return;
    setPicked(taken);
    onFiles?.(taken);
  };

  const summary = (
    <span
      id={summaryId}
      data-slot="file-input-files"
      className={cn('min-w-0 truncate text-sm', chosen.length ? 'text-foreground' : 'text-muted-foreground')}
    >
      {chosen.length ? fileNames(chosen) : (placeholder ?? (multiple ? 'No files chosen' : 'No file chosen'))}
    </span>
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input inside is the keyboard path.
    <div
      data-slot="file-input"
      data-dropzone={dropzone || undefined}
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      // Its text is that of a disabled control (which contrast rules, and axe, exempt), like a disabled Input's.
      aria-disabled={disabled || undefined}
      className={cn(
        'relative flex w-full min-w-0 rounded-md border border-input bg-background text-foreground shadow-xs transition-colors',
        'has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/40',
        'has-[input[aria-invalid=true]]:border-destructive',
        dropzone
          ? 'flex-col items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center shadow-none'
          : 'h-10 items-center gap-2.5 pr-3 pl-1',
        disabled ? 'opacity-60' : 'hover:bg-accent/40',
        dragging && 'border-primary bg-accent',
        className,
      )}
      onDragOver={(e) => {
        if (disabled || !e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        if (disabled) return;
        e.preventDefault();
        setDragging(false);
        take(e.dataTransfer.files);
      }}
    >
      {dropzone ? (
        <>
          {icon ? (
            <span aria-hidden="true" className="text-muted-foreground [&_svg]:size-8">
              {icon}
            </span>
          ) : null}
          {description ? <p className="text-sm">{description}</p> : null}
        </>
      ) : null}
      <span
        aria-hidden="true"
        className={cn(
          buttonVariants({ variant: dropzone ? 'primary' : 'outline', size: dropzone ? 'md' : 'sm' }),
          !dropzone && 'h-8',
        )}
      >
        <Upload aria-hidden="true" />
        {label}
      </span>
      {summary}
      <input
        id={inputId}
        type="file"
        multiple={multiple}
        disabled={disabled}
        // Chromium shows the input's own "No file chosen" as a tooltip unless the title is empty.
        title=""
        aria-label={named ? undefined : label}
        {...props}
        // Described by the chosen names once there are some (the placeholder is only a hint to the eye).
        aria-describedby={
          [props['aria-describedby'], chosen.length ? summaryId : undefined].filter(Boolean).join(' ') || undefined
        }
        className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        onChange={(e) => {
          take(e.target.files);
          // Picking the same file again (after removing it) fires change again.
          e.target.value = '';
        }}
      />
    </div>
  );
}
