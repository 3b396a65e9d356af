import { ArrowDown, ArrowUp, FileQuestion, Plus, Trash2 } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button, buttonVariants, IconButton } from '../../components/button';
import { Card, CardContent, CardFooter } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { LoadError } from '../../components/load-error';
import { Skeleton } from '../../components/skeleton';
import { Textarea } from '../../components/textarea';
import { ToggleChips } from './choice-group';

/** A checklist rule. Saved rules keep their id: trade_playbook_rules refers to it. */
export interface PlaybookRuleDraft {
  id: string;
  text: string;
}

export interface PlaybookFormValues {
  name: string;
  description: string;
  rules: PlaybookRuleDraft[];
  markets: string[];
  timeframes: string[];
}

export interface PlaybookFormErrors {
  name?: string;
  description?: string;
  /** About the checklist as a whole. */
  rules?: string;
  /** Per rule, by rule id. */
  rule?: Record<string, string>;
}

export const emptyPlaybook: PlaybookFormValues = { name: '', description: '', rules: [], markets: [], timeframes: [] };

export const PLAYBOOK_MARKETS = [
  'NSE equity',
  'NSE futures',
  'NSE options',
  'BSE equity',
  'BSE options',
  'MCX commodities',
] as const;
export const PLAYBOOK_TIMEFRAMES = ['1m', '3m', '5m', '15m', '30m', '1h', '1D', '1W'] as const;

/** A fresh id for a new rule, unlike any in the list. */
export function newRuleId(rules: readonly PlaybookRuleDraft[], random = () => Math.random().toString(36).slice(2, 10)) {
  for (;;) {
    const id = `rule-${random()}`;
    if (!rules.some((r) => r.id === id)) return id;
  }
}

/** Moves the rule at `index` by `delta` places; ids travel with their text. */
export function moveRule(rules: readonly PlaybookRuleDraft[], index: number, delta: -1 | 1): PlaybookRuleDraft[] {
  const to = index + delta;
  if (to < 0 || to >= rules.length) return [...rules];
  const next = [...rules];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export interface PlaybookFormScreenProps {
  /** Absent: /playbook/create. Present: /playbook/edit/{id}. */
  playbookId?: string;
  /** The form's values (controlled). */
  values: PlaybookFormValues;
  /** 'loading' or 'not-found' for an edit, 'saving' while saved, 'error' when the playbook could not be loaded. */
  status?: 'loading' | 'idle' | 'saving' | 'not-found' | 'error';
  /** A message per field the trader got wrong. */
  fieldErrors?: PlaybookFormErrors;
  /** A failed save, shown above the form. */
  serviceError?: string;
  /** A failed load (status 'error'). */
  errorDetail?: string;
  /** Loads the playbook again (status 'error'). */
  onRetry?: () => void;
  /** Called with the values as the trader edits them. */
  onChange?: (values: PlaybookFormValues) => void;
  /** Saves the playbook. */
  onSubmit?: (values: PlaybookFormValues) => void;
  /** Leaves without saving. */
  onCancel?: () => void;
}

function RulesEditor({
  rules,
  errors,
  listError,
  disabled,
  onChange,
}: {
  rules: PlaybookRuleDraft[];
  errors: Record<string, string>;
  listError?: string;
  disabled: boolean;
  onChange: (rules: PlaybookRuleDraft[]) => void;
}) {
  const inputs = React.useRef(new Map<string, HTMLInputElement>());
  const addButton = React.useRef<HTMLButtonElement>(null);
  const [focusId, setFocusId] = React.useState<string | null>(null);
  // After adding or removing, move focus somewhere sensible rather than dropping it on the page.
  React.useEffect(() => {
    if (!focusId) return;
    if (focusId === 'add') addButton.current?.focus();
    else inputs.current.get(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);
  const listErrorId = React.useId();
  return (
    <fieldset className="grid gap-3" aria-describedby={listError ? listErrorId : undefined}>
      <legend className="mb-1 font-medium text-sm">Rules checklist</legend>
      <p className="text-muted-foreground text-sm">
        Rules you can tick or not on each trade, in the order you check them. Adherence is measured against these.
      </p>
      {listError ? (
        <p id={listErrorId} className="font-medium text-destructive text-sm">
          {listError}
        </p>
      ) : null}
      {rules.length ? (
        <ol className="grid gap-2">
          {rules.map((rule, i) => {
            const n = i + 1;
            const error = errors[rule.id];
            const errorId = `rule-error-${rule.id}`;
            return (
              <li key={rule.id} className="grid gap-1">
                <div className="flex items-center gap-2">
                  <span aria-hidden="true" className="w-6 text-right text-muted-foreground text-sm tabular-nums">
                    {n}.
                  </span>
                  <Input
                    ref={(el) => {
                      if (el) inputs.current.set(rule.id, el);
                      else inputs.current.delete(rule.id);
                    }}
                    aria-label={`Rule ${n}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    value={rule.text}
                    disabled={disabled}
                    placeholder="Enter on a 5-minute close beyond the range"
                    onChange={(e) =>
                      onChange(rules.map((r) => (r.id === rule.id ? { ...r, text: e.target.value } : r)))
                    }
                  />
                  <IconButton
                    size="sm"
                    icon={<ArrowUp />}
                    label={`Move rule ${n} up`}
                    disabled={disabled || i === 0}
                    onClick={() => onChange(moveRule(rules, i, -1))}
                  />
                  <IconButton
                    size="sm"
                    icon={<ArrowDown />}
                    label={`Move rule ${n} down`}
                    disabled={disabled || i === rules.length - 1}
                    onClick={() => onChange(moveRule(rules, i, 1))}
                  />
                  <IconButton
                    size="sm"
                    icon={<Trash2 />}
                    label={`Remove rule ${n}`}
                    disabled={disabled}
                    onClick={() => {
                      const next = rules.filter((r) => r.id !== rule.id);
                      setFocusId(next[i]?.id ?? next[i - 1]?.id ?? 'add');
                      onChange(next);
                    }}
                  />
                </div>
                {error ? (
                  <p id={errorId} className="pl-8 font-medium text-destructive text-sm">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="rounded-lg border border-dashed p-4 text-muted-foreground text-sm">
          No rules yet. Add the conditions that must be true before you enter, where the stop goes, and when you exit.
        </p>
      )}
      <div>
        <Button
          ref={addButton}
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => {
            const id = newRuleId(rules);
            onChange([...rules, { id, text: '' }]);
            setFocusId(id);
          }}
        >
          <Plus aria-hidden="true" /> Add rule
        </Button>
      </div>
    </fieldset>
  );
}

/** Create or edit a playbook: the setup, its rules as a checklist, where and on which timeframes it is traded. */
export function PlaybookFormScreen({
  playbookId,
  values,
  status = 'idle',
  fieldErrors = {},
  serviceError,
  errorDetail,
  onRetry,
  onChange,
  onSubmit,
  onCancel,
}: PlaybookFormScreenProps) {
  const saving = status === 'saving';
  const set = <K extends keyof PlaybookFormValues>(key: K, value: PlaybookFormValues[K]) =>
    onChange?.({ ...values, [key]: value });
  const title = playbookId ? 'Edit playbook' : 'New playbook';
  let body: React.ReactNode;
  if (status === 'loading') {
    body = (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          Loading playbook…
        </p>
        <Skeleton className="h-96 rounded-xl" />
      </div>
    );
  } else if (status === 'not-found') {
    body = (
      <EmptyState
        icon={<FileQuestion />}
        title="Playbook not found"
        description="There is no playbook at this address: it may have been deleted, or the link is wrong."
        action={
          <Link to="/playbooks" className={buttonVariants()}>
            Back to playbooks
          </Link>
        }
      />
    );
  } else if (status === 'error') {
    body = <LoadError onRetry={onRetry} detail={errorDetail} />;
  } else {
    body = (
      <form
        noValidate
        aria-busy={saving || undefined}
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit?.(values);
        }}
      >
        <Card>
          <CardContent className="grid gap-6">
            {serviceError ? <Alert variant="error" title={serviceError} /> : null}
            <Field label="Name" error={fieldErrors.name} required>
              <Input
                value={values.name}
                maxLength={120}
                onChange={(e) => set('name', e.target.value)}
                disabled={saving}
                placeholder="Opening range breakout"
              />
            </Field>
            <Field
              label="Description"
              help="The setup in a line or two: what you look for and why it works."
              error={fieldErrors.description}
            >
              <Textarea
                value={values.description}
                onChange={(e) => set('description', e.target.value)}
                disabled={saving}
                placeholder="Trade the break of the first 15 minutes in liquid large caps and stock futures."
              />
            </Field>
            <RulesEditor
              rules={values.rules}
              errors={fieldErrors.rule ?? {}}
              listError={fieldErrors.rules}
              disabled={saving}
              onChange={(rules) => set('rules', rules)}
            />
            <ToggleChips
              legend="Markets"
              help="Where you trade this setup."
              options={PLAYBOOK_MARKETS}
              value={values.markets}
              disabled={saving}
              onChange={(markets) => set('markets', markets)}
            />
            <ToggleChips
              legend="Timeframes"
              help="The chart timeframes you read it on."
              options={PLAYBOOK_TIMEFRAMES}
              value={values.timeframes}
              disabled={saving}
              onChange={(timeframes) => set('timeframes', timeframes)}
            />
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
    );
  }
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header className="grid gap-1">
        <h1 className="font-bold text-2xl">{title}</h1>
        <p className="text-muted-foreground">
          Rules precise enough that you can tell afterwards whether you followed them.
        </p>
      </header>
      {body}
    </div>
  );
}
