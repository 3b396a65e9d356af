import { FileUp } from 'lucide-react';
import * as React from 'react';
import { Alert } from '../../../components/alert';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { FileInput } from '../../../components/file-input';
import { cn } from '../../../lib/utils';
import { RowErrors } from './row-errors';
import { IMPORT_SOURCES, type ImportDialogProps, type ImportSourceOption, type ImportStep } from './types';

/** The first step: which broker, then the file (picked or dropped); a file that could not be read says why. */
export function ChooseFile({
  state,
  source,
  onSourceChange,
  onFile,
  onUseSuggestion,
}: Pick<ImportDialogProps, 'source' | 'onSourceChange' | 'onFile' | 'onUseSuggestion'> & {
  state: Extract<ImportStep, { step: 'choose' }>;
}) {
  const option = IMPORT_SOURCES.find((s) => s.id === source) ?? (IMPORT_SOURCES[0] as ImportSourceOption);
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">Broker</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {IMPORT_SOURCES.map((s) => (
            <label
              key={s.id}
              className={cn(
                'flex items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm',
                'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                s.available ? 'cursor-pointer hover:bg-accent' : 'cursor-not-allowed text-muted-foreground',
                s.id === source && 'border-primary bg-accent font-medium',
              )}
            >
              <input
                type="radio"
                name="import-source"
                className="sr-only"
                value={s.id}
                checked={s.id === source}
                disabled={!s.available}
                onChange={() => onSourceChange(s.id)}
              />
              {s.label}
              {s.available ? null : <Badge variant="outline">Coming soon</Badge>}
            </label>
          ))}
        </div>
      </fieldset>
      <FilePicker source={option} onFile={onFile} state={state} onUseSuggestion={onUseSuggestion} />
    </div>
  );
}

function FilePicker({
  source,
  onFile,
  state,
  onUseSuggestion,
}: {
  source: ImportSourceOption;
  onFile: (file: File) => void;
  state: Extract<ImportStep, { step: 'choose' }>;
  onUseSuggestion?: () => void;
}) {
  const id = React.useId();
  const { error, errors = [], suggestion } = state;
  const failed = Boolean(error) || errors.length > 0;
  return (
    <div className="grid gap-2">
      <FileInput
        id={id}
        dropzone
        icon={<FileUp />}
        description={source.file}
        placeholder="or drop it here. It is read in your browser."
        accept={source.accept}
        aria-describedby={failed ? `${id}-error` : undefined}
        onFiles={([file]) => {
          if (file) onFile(file);
        }}
      />
      {failed ? (
        <Alert variant="error" title="That file could not be read">
          <div className="grid gap-3">
            <p id={`${id}-error`}>{error ?? 'No row of this file could be read.'}</p>
            {errors.length > 0 ? <RowErrors errors={errors} label="Rows that could not be read" /> : null}
            {suggestion && onUseSuggestion ? (
              <Button size="sm" variant="outline" className="w-fit" onClick={onUseSuggestion}>
                Read it as {suggestion.label}
              </Button>
            ) : null}
          </div>
        </Alert>
      ) : null}
    </div>
  );
}
