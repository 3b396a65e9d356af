import type * as React from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { CenteredPage } from '../../components/brand';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/card';

export type FormStatus = 'idle' | 'submitting';

/** Common props of every auth form screen: the machine's state comes in, the user's values go out. */
export interface AuthFormProps<Values, Field extends string = keyof Values & string> {
  /** 'submitting' while the request is in flight: the button shows it and the form cannot be sent twice. */
  status?: FormStatus;
  /** Per-field messages (validation from the machine or the server). */
  fieldErrors?: Partial<Record<Field, string>>;
  /** A message from the service ('Failed to sign in', …), shown above the form. */
  serviceError?: string;
  /** Called with the form's values when it is sent. */
  onSubmit?: (values: Values) => void;
}

/** Reads named string fields from a submitted form. */
function formValues<K extends string>(form: HTMLFormElement, keys: readonly K[]): Record<K, string> {
  const data = new FormData(form);
  return Object.fromEntries(keys.map((k) => [k, String(data.get(k) ?? '')])) as Record<K, string>;
}

/**
 * A form that hands the values of its named fields to `onValues` instead of submitting. The browser's own
 * validation is off: the machines validate, and the screens show their field errors.
 */
export function ValuesForm<K extends string>({
  fields,
  onValues,
  busy,
  ...props
}: Omit<React.ComponentProps<'form'>, 'onSubmit'> & {
  fields: readonly K[];
  onValues?: (values: Record<K, string>) => void;
  busy?: boolean;
}) {
  return (
    <form
      noValidate
      aria-busy={busy || undefined}
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        onValues?.(formValues(event.currentTarget, fields));
      }}
    />
  );
}

export function AuthCard({
  title,
  description,
  serviceError,
  children,
  footer,
}: {
  title: string;
  description?: React.ReactNode;
  serviceError?: string;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <CenteredPage>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-2xl">{title}</h1>
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          {serviceError ? <Alert variant="error" title={serviceError} /> : null}
          {children}
        </CardContent>
        {footer ? <CardFooter className="justify-center text-muted-foreground text-sm">{footer}</CardFooter> : null}
      </Card>
    </CenteredPage>
  );
}

export function TextLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {children}
    </Link>
  );
}
