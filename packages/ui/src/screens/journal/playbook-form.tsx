import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card, CardContent, CardFooter } from '../../components/card';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Skeleton } from '../../components/skeleton';
import { Textarea } from '../../components/textarea';

export interface PlaybookFormValues {
  name: string;
  description: string;
  entryRules: string;
  exitRules: string;
  /** One checklist item per line. */
  checklist: string;
}

export const emptyPlaybook: PlaybookFormValues = {
  name: '',
  description: '',
  entryRules: '',
  exitRules: '',
  checklist: '',
};

export interface PlaybookFormScreenProps {
  /** Absent: /playbook/create. Present: /playbook/edit/{id}. */
  playbookId?: string;
  values: PlaybookFormValues;
  status?: 'loading' | 'idle' | 'saving';
  fieldErrors?: Partial<Record<keyof PlaybookFormValues, string>>;
  serviceError?: string;
  onChange?: (values: PlaybookFormValues) => void;
  onSubmit?: (values: PlaybookFormValues) => void;
  onCancel?: () => void;
}

/** Create or edit a playbook: the setup, its rules and the checklist ticked before entry. */
export function PlaybookFormScreen({
  playbookId,
  values,
  status = 'idle',
  fieldErrors = {},
  serviceError,
  onChange,
  onSubmit,
  onCancel,
}: PlaybookFormScreenProps) {
  const saving = status === 'saving';
  const set = (key: keyof PlaybookFormValues) => (value: string) => onChange?.({ ...values, [key]: value });
  const area = (key: keyof PlaybookFormValues, label: string, help: string, placeholder: string) => (
    <Field label={label} help={help} error={fieldErrors[key]}>
      <Textarea
        value={values[key]}
        onChange={(e) => set(key)(e.target.value)}
        disabled={saving}
        placeholder={placeholder}
      />
    </Field>
  );
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <header className="grid gap-1">
        <h1 className="font-bold text-2xl">{playbookId ? 'Edit playbook' : 'New playbook'}</h1>
        <p className="text-muted-foreground">
          Rules precise enough that you can tell afterwards whether you followed them.
        </p>
      </header>
      {status === 'loading' ? (
        <div aria-busy="true">
          <p role="status" className="sr-only">
            Loading playbook…
          </p>
          <Skeleton className="h-96 rounded-xl" />
        </div>
      ) : (
        <form
          noValidate
          aria-busy={saving || undefined}
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit?.(values);
          }}
        >
          <Card>
            <CardContent className="grid gap-4">
              {serviceError ? <Alert variant="error" title={serviceError} /> : null}
              <Field label="Name" error={fieldErrors.name} required>
                <Input
                  value={values.name}
                  onChange={(e) => set('name')(e.target.value)}
                  disabled={saving}
                  placeholder="Opening range breakout"
                />
              </Field>
              {area(
                'description',
                'What the setup is',
                'Market, timeframe, the pattern in one or two lines.',
                'NIFTY futures, 5-minute chart, first 15 minutes as the range.',
              )}
              {area(
                'entryRules',
                'Entry rules',
                'What must be true before you enter.',
                'Close above the range high on volume above the 20-bar average.',
              )}
              {area(
                'exitRules',
                'Stop and exit rules',
                'Where the stop goes, when you take profit.',
                'Stop below the range low. Book half at 1R, trail the rest under 5-minute swing lows.',
              )}
              {area(
                'checklist',
                'Checklist',
                'One item per line; you tick these on each trade.',
                'No major news in the next 30 minutes\nRisk ≤ 1% of capital',
              )}
            </CardContent>
            <CardFooter className="justify-end gap-2">
              <Button type="button" variant="ghost" onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                {saving ? 'Saving…' : playbookId ? 'Save changes' : 'Create playbook'}
              </Button>
            </CardFooter>
          </Card>
        </form>
      )}
    </div>
  );
}
