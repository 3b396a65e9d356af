import * as React from 'react';
import { cn } from '../lib/utils';
import { Label } from './label';

interface FieldContextValue {
  id: string;
  helpId?: string;
  errorId?: string;
  invalid: boolean;
  required?: boolean;
}

const FieldContext = React.createContext<FieldContextValue | null>(null);

export type FieldProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The visible label; it names the control. */
  label: React.ReactNode;
  /** Hint under the control, linked with aria-describedby. */
  help?: React.ReactNode;
  /** Error under the control; marks the control aria-invalid and is linked with aria-describedby. */
  error?: React.ReactNode;
  /** Marks the label with an asterisk and the control `aria-required`. */
  required?: boolean;
  /** Id of the control; generated when absent. */
  id?: string;
  /** The control. A function child receives the ids and aria props to spread on custom controls. */
  children: React.ReactElement<Record<string, unknown>> | ((control: FieldControlProps) => React.ReactNode);
};

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

/**
 * Label + control + help and error text, wired for assistive technology: the label names the control, help and
 * error describe it, and an error sets aria-invalid. Works with Input, Textarea, Select trigger or any element.
 */
export function Field({ label, help, error, required, id, className, children, ...props }: FieldProps) {
  const generated = React.useId();
  const controlId = id ?? `field-${generated}`;
  const helpId = help ? `${controlId}-help` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, helpId].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    id: controlId,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
  };
  return (
    <FieldContext.Provider value={{ id: controlId, helpId, errorId, invalid: Boolean(error), required }}>
      {/* content-start: in a row made taller by a neighbour's help or error, label and control stay at the top. */}
      <div
        data-slot="field"
        data-invalid={error ? true : undefined}
        className={cn('grid content-start gap-2', className)}
        {...props}
      >
        <Label htmlFor={controlId}>
          {label}
          {required ? (
            <span aria-hidden="true" className="text-destructive">
              *
            </span>
          ) : null}
        </Label>
        {typeof children === 'function' ? children(control) : React.cloneElement(children, { ...control })}
        {help ? (
          <p data-slot="field-help" id={helpId} className="text-muted-foreground text-sm">
            {help}
          </p>
        ) : null}
        {error ? (
          <p data-slot="field-error" id={errorId} className="font-medium text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </div>
    </FieldContext.Provider>
  );
}

/** Ids of the surrounding Field, for controls that render their own parts. */
export function useField(): FieldContextValue | null {
  return React.useContext(FieldContext);
}
