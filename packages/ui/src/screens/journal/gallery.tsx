import { ChevronLeft, ChevronRight, Images, Trash2, TriangleAlert, Upload, X } from 'lucide-react';
import * as React from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/dialog';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { LazySelect } from '../../components/lazy-select';
import { formatDateTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import type { AreaCallbacks } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';

export interface GalleryItem {
  id: string;
  caption: string;
  /** Image URL (a signed storage URL). */
  src: string;
  /** ISO instant the image was added. */
  createdAt?: string;
  tradeId?: string | null;
  noteId?: string | null;
}

/** A file on its way to storage; progress 0…1. */
export interface GalleryUpload {
  id: string;
  name: string;
  progress: number;
  error?: string;
}

export interface GalleryLinkOption {
  id: string;
  label: string;
}

export interface GalleryItemChanges {
  caption: string;
  tradeId: string | null;
  noteId: string | null;
}

export interface GalleryScreenProps extends AreaCallbacks {
  /** Which of loading, empty, error and the gallery shows. */
  status: AreaStatus;
  /** The screenshots. */
  items?: GalleryItem[];
  /** Files being uploaded, with progress or the error. */
  uploads?: GalleryUpload[];
  /** Files refused before upload (type, size), one message each. */
  rejected?: string[];
  /** Trades an image can be linked to. */
  trades?: GalleryLinkOption[];
  /** Notebook pages an image can be linked to. */
  notes?: GalleryLinkOption[];
  /** Opens the viewer on this item (stories; deep links). */
  initialViewerId?: string;
  /** Item being saved or deleted from the viewer. */
  busyId?: string;
  /** Why a save or delete from the viewer failed. */
  viewerError?: string;
  /** Uploads the chosen files. */
  onUpload?: (files: File[]) => void;
  /** Removes a failed upload from the list. */
  onDismissUpload?: (id: string) => void;
  /** Saves an image's caption and links. */
  onSave?: (id: string, changes: GalleryItemChanges) => void;
  /** Deletes an image, once confirmed. */
  onDelete?: (id: string) => void;
}

function Progress({ label, value }: { label: string; value: number }) {
  const percent = Math.round(value * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

function UploadList({ uploads, onDismiss }: { uploads: GalleryUpload[]; onDismiss?: (id: string) => void }) {
  return (
    <ul aria-label="Uploads" className="grid gap-3">
      {uploads.map((u) => (
        <li key={u.id} className="grid gap-1">
          <div className="flex items-center gap-2 text-sm">
            {u.error ? <TriangleAlert className="size-4 text-destructive" aria-hidden="true" /> : null}
            <span className="flex-1 truncate">{u.name}</span>
            <span className="text-muted-foreground text-xs tabular-nums">
              {u.error ? 'Failed' : u.progress >= 1 ? 'Done' : `${Math.round(u.progress * 100)}%`}
            </span>
            {u.error || u.progress >= 1 ? (
              <Button variant="ghost" size="icon-sm" aria-label={`Dismiss ${u.name}`} onClick={() => onDismiss?.(u.id)}>
                <X aria-hidden="true" />
              </Button>
            ) : null}
          </div>
          {u.error ? (
            <p className="font-medium text-destructive text-sm">{u.error}</p>
          ) : (
            <Progress label={`Uploading ${u.name}`} value={u.progress} />
          )}
        </li>
      ))}
    </ul>
  );
}

const NOT_LINKED = { value: '', label: 'Not linked' };

function Viewer({
  items,
  index,
  onIndex,
  onClose,
  trades,
  notes,
  busy,
  error,
  onSave,
  onDelete,
}: {
  items: GalleryItem[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  trades: GalleryLinkOption[];
  notes: GalleryLinkOption[];
  busy: boolean;
  error?: string;
  onSave?: (id: string, changes: GalleryItemChanges) => void;
  onDelete?: (id: string) => void;
}) {
  const item = items[index];
  const [draft, setDraft] = React.useState<GalleryItemChanges>({ caption: '', tradeId: null, noteId: null });
  const [confirming, setConfirming] = React.useState(false);
  React.useEffect(() => {
    if (item) setDraft({ caption: item.caption, tradeId: item.tradeId ?? null, noteId: item.noteId ?? null });
    setConfirming(false);
  }, [item]);
  if (!item) return null;
  const move = (step: number) => onIndex((index + step + items.length) % items.length);
  const title = item.caption || 'Untitled screenshot';
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="max-w-4xl"
        onKeyDown={(e) => {
          // Arrow keys page through the gallery, except while typing in a field or choosing in a select (whose
          // list is portalled, but its key events still bubble here through React).
          const typing =
            e.target instanceof HTMLInputElement ||
            (e.target instanceof Element && e.target.closest('[role="combobox"], [role="listbox"]') !== null);
          if (typing || items.length < 2) return;
          if (e.key === 'ArrowRight') move(1);
          else if (e.key === 'ArrowLeft') move(-1);
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          Image {index + 1} of {items.length}
          {item.createdAt ? `, added ${formatDateTime(item.createdAt)} IST` : ''}. Use the arrow keys to move.
        </DialogDescription>
        <div className="relative">
          <img src={item.src} alt={title} className="max-h-[60vh] w-full rounded-lg border bg-muted object-contain" />
          {items.length > 1 ? (
            <>
              <Button
                variant="secondary"
                size="icon"
                aria-label="Previous image"
                className="absolute top-1/2 left-2 -translate-y-1/2"
                onClick={() => move(-1)}
              >
                <ChevronLeft aria-hidden="true" />
              </Button>
              <Button
                variant="secondary"
                size="icon"
                aria-label="Next image"
                className="absolute top-1/2 right-2 -translate-y-1/2"
                onClick={() => move(1)}
              >
                <ChevronRight aria-hidden="true" />
              </Button>
            </>
          ) : null}
        </div>
        <form
          className="grid gap-3 sm:grid-cols-3"
          onSubmit={(e) => {
            e.preventDefault();
            onSave?.(item.id, { ...draft, caption: draft.caption.trim() });
          }}
        >
          {error ? <Alert variant="error" title={error} className="sm:col-span-3" /> : null}
          <Field label="Caption">
            <Input
              value={draft.caption}
              maxLength={200}
              disabled={busy}
              onChange={(e) => setDraft({ ...draft, caption: e.target.value })}
            />
          </Field>
          <Field label="Trade">
            {(control) => (
              <LazySelect
                {...control}
                value={draft.tradeId ?? ''}
                disabled={busy}
                onValueChange={(v) => setDraft({ ...draft, tradeId: v || null })}
                options={[NOT_LINKED, ...trades.map((t) => ({ value: t.id, label: t.label }))]}
              />
            )}
          </Field>
          <Field label="Note">
            {(control) => (
              <LazySelect
                {...control}
                value={draft.noteId ?? ''}
                disabled={busy}
                onValueChange={(v) => setDraft({ ...draft, noteId: v || null })}
                options={[NOT_LINKED, ...notes.map((n) => ({ value: n.id, label: n.label }))]}
              />
            )}
          </Field>
          <div className="flex flex-wrap items-center justify-between gap-2 sm:col-span-3">
            {confirming ? (
              <div className="flex items-center gap-2">
                <span className="text-sm">Delete this image for good?</span>
                <Button type="button" variant="destructive" loading={busy} onClick={() => onDelete?.(item.id)}>
                  Delete image
                </Button>
                <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
                  Keep
                </Button>
              </div>
            ) : (
              <Button type="button" variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" /> Delete
              </Button>
            )}
            <Button type="submit" loading={busy && !confirming}>
              Save details
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** /gallery: the user's chart screenshots, uploads with progress, and a viewer to caption, link and delete them. */
export function GalleryScreen({
  status,
  items = [],
  uploads = [],
  rejected = [],
  trades = [],
  notes = [],
  initialViewerId,
  busyId,
  viewerError,
  onUpload,
  onDismissUpload,
  onSave,
  onDelete,
  ...cb
}: GalleryScreenProps) {
  const input = React.useRef<HTMLInputElement>(null);
  const [viewing, setViewing] = React.useState<string | undefined>(initialViewerId);
  const [dragging, setDragging] = React.useState(false);
  const viewerIndex = viewing ? items.findIndex((i) => i.id === viewing) : -1;
  const tradeLabel = new Map(trades.map((t) => [t.id, t.label]));
  const noteLabel = new Map(notes.map((n) => [n.id, n.label]));

  const upload = (
    <Button onClick={() => input.current?.click()}>
      <Upload aria-hidden="true" /> Upload images
    </Button>
  );
  const take = (files: FileList | null) => {
    const list = Array.from(files ?? []);
    if (list.length) onUpload?.(list);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged files only; the Upload button is the keyboard path.
    <div
      className={cn('grid gap-4 rounded-xl', dragging && 'outline-2 outline-primary outline-dashed outline-offset-4')}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        take(e.dataTransfer.files);
      }}
    >
      <input
        ref={input}
        type="file"
        multiple
        accept="image/png,image/jpeg,image/webp,image/gif"
        aria-label="Choose images to upload"
        tabIndex={-1}
        className="sr-only"
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
      <AreaPage
        title="Gallery"
        description="Chart screenshots from your trades and notes. PNG, JPEG, WebP or GIF up to 10 MB; drop files here."
        status={status}
        skeleton="cards"
        actions={upload}
        empty={{
          icon: <Images />,
          title: 'No screenshots yet',
          description: 'Attach the chart at entry and at exit to a trade. Reviewing pictures beats reviewing numbers.',
          action: upload,
        }}
        {...cb}
      >
        <ul aria-label="Images" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
          {items.map((item) => {
            const links = [
              item.tradeId ? tradeLabel.get(item.tradeId) : undefined,
              item.noteId ? noteLabel.get(item.noteId) : undefined,
            ].filter(Boolean);
            return (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => setViewing(item.id)}
                  className="grid w-full gap-1 rounded-lg text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
                >
                  <img
                    src={item.src}
                    alt=""
                    loading="lazy"
                    className="aspect-video w-full rounded-lg border bg-muted object-cover"
                  />
                  <span className="truncate font-medium text-sm">{item.caption || 'Untitled screenshot'}</span>
                  {links.length ? (
                    <span className="truncate text-muted-foreground text-xs">{links.join(' · ')}</span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      </AreaPage>
      {rejected.length || uploads.length ? (
        // A corner panel, as cloud drives do: progress stays in view however far the grid scrolls.
        <section
          aria-label="Upload status"
          className="fixed right-4 bottom-4 z-40 grid max-h-[50vh] w-[min(22rem,calc(100vw-2rem))] gap-2 overflow-y-auto rounded-xl border bg-card p-3 text-card-foreground shadow-lg"
        >
          {rejected.length ? (
            <Alert variant="error" title="Not uploaded">
              <ul className="grid gap-1">
                {rejected.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {uploads.length ? <UploadList uploads={uploads} onDismiss={onDismissUpload} /> : null}
        </section>
      ) : null}
      {viewerIndex >= 0 ? (
        <Viewer
          items={items}
          index={viewerIndex}
          onIndex={(i) => setViewing(items[i]?.id)}
          onClose={() => setViewing(undefined)}
          trades={trades}
          notes={notes}
          busy={busyId === viewing}
          error={viewerError}
          onSave={onSave}
          onDelete={onDelete}
        />
      ) : null}
    </div>
  );
}
