import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DateInput } from '../../components/date-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/dialog';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/select';

/** Shares held before the imported history, as typed (strings, so a half-typed "1,2" survives until submit). */
export interface OpeningPositionValues {
  broker: string;
  symbol: string;
  quantity: string;
  price: string;
  /** YYYY-MM-DD: the day they were bought, or any day before the first sale. */
  heldOn: string;
}

export interface OpeningPositionDialogProps {
  /** Whether the dialog is open. */
  open: boolean;
  /** Opens or closes the dialog. */
  onOpenChange: (open: boolean) => void;
  /** The form's values (controlled). */
  values: OpeningPositionValues;
  /** Called with the values as the trader edits them. */
  onChange: (values: OpeningPositionValues) => void;
  /** Saves the opening position. */
  onSubmit: (values: OpeningPositionValues) => void;
  /** 'saving' while it is saved. */
  status?: 'idle' | 'saving';
  /** A message per field the trader got wrong. */
  fieldErrors?: Partial<Record<keyof OpeningPositionValues, string>>;
  /** A failed save, shown above the form. */
  serviceError?: string;
  /** The trader's brokers to choose from. */
  brokers: { id: string; label: string }[];
}

/** Gives the cost of shares bought before the imported history, so the sales after them get a P&L. */
export function OpeningPositionDialog({
  open,
  onOpenChange,
  values,
  onChange,
  onSubmit,
  status = 'idle',
  fieldErrors = {},
  serviceError,
  brokers,
}: OpeningPositionDialogProps) {
  const saving = status === 'saving';
  const set = <K extends keyof OpeningPositionValues>(key: K, value: OpeningPositionValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    // Closing while saving would hide the outcome: the dialog stays until the call finishes.
    <Dialog open={open} onOpenChange={(next) => (saving && !next ? undefined : onOpenChange(next))}>
      <DialogContent showCloseButton={!saving}>
        <DialogHeader>
          <DialogTitle>Add an opening position</DialogTitle>
          <DialogDescription>
            Shares you held before your imported history. Their cost gives the sales after them a P&L.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          aria-label="Opening position"
          className="grid gap-4"
          aria-busy={saving || undefined}
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit(values);
          }}
        >
          {serviceError ? (
            <Alert variant="error" title="The opening position was not added">
              {serviceError}
            </Alert>
          ) : null}
          <Field label="Broker" error={fieldErrors.broker} required>
            {(control) => (
              <Select value={values.broker} onValueChange={(v) => set('broker', v)} disabled={saving}>
                <SelectTrigger {...control}>
                  <SelectValue placeholder="Choose a broker" />
                </SelectTrigger>
                <SelectContent>
                  {brokers.map((b) => (
                    <SelectItem key={b.id} value={b.id}>
                      {b.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <Field label="Symbol" help="As the exchange lists it, such as RELIANCE." error={fieldErrors.symbol} required>
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={values.symbol}
              onChange={(e) => set('symbol', e.target.value.toUpperCase())}
              disabled={saving}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Shares held" error={fieldErrors.quantity} required>
              <Input
                inputMode="decimal"
                autoComplete="off"
                value={values.quantity}
                onChange={(e) => set('quantity', e.target.value)}
                disabled={saving}
              />
            </Field>
            <Field label="Average cost per share (₹)" error={fieldErrors.price} required>
              <Input
                inputMode="decimal"
                autoComplete="off"
                value={values.price}
                onChange={(e) => set('price', e.target.value)}
                disabled={saving}
              />
            </Field>
          </div>
          <Field
            label="Held on"
            help="The day you bought them, or any day before the first sale."
            error={fieldErrors.heldOn}
            required
          >
            <DateInput value={values.heldOn} onValueChange={(v) => set('heldOn', v)} disabled={saving} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Add opening position
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
