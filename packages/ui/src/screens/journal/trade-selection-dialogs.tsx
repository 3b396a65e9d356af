import { formatCount } from '@bahi/trading';
// The trades list's selection dialogs (tag, delete), with Radix Dialog's focus, scroll and layer code: the list
// loads them the first time one opens (the app's trades page).
import * as React from 'react';
import { Alert } from '../../components/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/alert-dialog';
import { Button } from '../../components/button';
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

/** Tags the selected trades with a picked or new tag. */
export function AddTagDialog({
  open,
  onOpenChange,
  selected,
  tags,
  onAddTag,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selected: string[];
  tags: string[];
  onAddTag: (ids: string[], tag: string) => Promise<void>;
}) {
  const [name, setName] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const listId = React.useId();
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Enter a tag name.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onAddTag(selected, name.trim());
      setName('');
      onOpenChange(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              Tag {formatCount(selected.length)} {selected.length === 1 ? 'trade' : 'trades'}
            </DialogTitle>
            <DialogDescription>
              Pick a tag or type a new one. Trades that already have it keep it once.
            </DialogDescription>
          </DialogHeader>
          <Field label="Tag" error={error ?? undefined} required>
            <Input
              list={listId}
              autoComplete="off"
              maxLength={40}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <datalist id={listId}>
            {tags.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Add tag
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Confirms and runs the deletion of the selected trades. */
export function DeleteDialog({
  open,
  onOpenChange,
  selected,
  onDelete,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selected: string[];
  onDelete: (ids: string[]) => Promise<void>;
  onDone: () => void;
}) {
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const n = formatCount(selected.length);
  const noun = selected.length === 1 ? 'trade' : 'trades';
  async function confirm(event: React.MouseEvent) {
    // Keep the dialog open until the delete has finished (or failed).
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onDelete(selected);
      onDone();
      onOpenChange(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            Delete {n} {noun}?
          </AlertDialogTitle>
          <AlertDialogDescription>
            This deletes the {n} selected {noun} with their fills, tags, notes and screenshot links. It cannot be
            undone. An imported trade comes back only by importing its file again.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {error ? (
          <Alert variant="error" title="The trades were not deleted">
            {error}
          </Alert>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={confirm} disabled={busy} aria-busy={busy || undefined}>
            Delete {n} {noun}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
