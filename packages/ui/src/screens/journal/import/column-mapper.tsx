import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/select';
import { type ImportDialogProps, type ImportStep, MAPPER_FIELDS } from './types';

const NONE = '__none__';

/** Any CSV: the trader says which column holds each fill field; the required ones must be mapped to go on. */
export function ColumnMapper({
  state,
  onColumnChange,
  onMapConfirm,
  onStartOver,
}: Pick<ImportDialogProps, 'onColumnChange' | 'onMapConfirm' | 'onStartOver'> & {
  state: Extract<ImportStep, { step: 'map' }>;
}) {
  const missing = MAPPER_FIELDS.filter((f) => f.required && !state.columns[f.field]);
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Which column of <span className="font-medium">{state.fileName}</span> holds each field? Required fields are
        marked *.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {MAPPER_FIELDS.map((f) => (
          <Field key={f.field} label={f.label} required={f.required}>
            {(control) => (
              <Select
                value={state.columns[f.field] ?? NONE}
                onValueChange={(v) => onColumnChange(f.field, v === NONE ? undefined : v)}
              >
                <SelectTrigger {...control} size="sm">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>Not in this file</SelectItem>
                  {state.headers.map((h) => (
                    <SelectItem key={h} value={h}>
                      {h}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
        ))}
      </div>
      {missing.length ? (
        <p className="text-muted-foreground text-sm" role="status">
          Still to map: {missing.map((f) => f.label).join(', ')}.
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onStartOver}>
          Choose another file
        </Button>
        <Button onClick={onMapConfirm} disabled={missing.length > 0}>
          Read the file
        </Button>
      </div>
    </div>
  );
}
