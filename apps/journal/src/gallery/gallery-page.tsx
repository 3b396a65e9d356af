import { useSession } from '@bahi/auth-machine/react';
import { type GalleryItemChanges, GalleryScreen, type GalleryUpload, toast } from '@bahi/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useJournalTrades } from '../data/journal-data';
import { imageFileError } from '../data/uploads';
import {
  deleteGalleryItem,
  galleryKey,
  updateGalleryItem,
  uploadGalleryImage,
  useGallery,
  useNoteOptions,
} from './gallery-data';

const shortDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });

export default function GalleryPage() {
  const { user } = useSession();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const gallery = useGallery(userId);
  const trades = useJournalTrades(userId);
  const notes = useNoteOptions(userId);
  const [uploads, setUploads] = useState<GalleryUpload[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  const [busyId, setBusyId] = useState<string>();
  const [viewerError, setViewerError] = useState<string>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: galleryKey(userId) });
  const patch = (id: string, change: Partial<GalleryUpload>) =>
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  const upload = async (files: File[]) => {
    if (!userId) return;
    setRejected(files.map(imageFileError).filter((e): e is string => Boolean(e)));
    const accepted = files.filter((f) => !imageFileError(f)).map((file) => ({ file, id: crypto.randomUUID() }));
    setUploads((list) => [...list, ...accepted.map(({ file, id }) => ({ id, name: file.name, progress: 0 }))]);
    // One at a time: parallel uploads would share the connection and every bar would crawl.
    for (const { file, id } of accepted) {
      try {
        await uploadGalleryImage({ userId, file, onProgress: (progress) => patch(id, { progress }) });
        patch(id, { progress: 1 });
        void refresh();
      } catch (error) {
        patch(id, { error: error instanceof Error ? error.message : String(error) });
      }
    }
  };

  const save = async (id: string, changes: GalleryItemChanges) => {
    setBusyId(id);
    setViewerError(undefined);
    try {
      await updateGalleryItem(id, changes);
      await refresh();
      toast.success('Image details saved.');
    } catch (error) {
      setViewerError(`Could not save: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusyId(undefined);
    }
  };

  const remove = async (id: string) => {
    const item = gallery.data?.find((i) => i.id === id);
    if (!item) return;
    setBusyId(id);
    setViewerError(undefined);
    try {
      await deleteGalleryItem(item);
      toast.success('Image deleted.');
    } catch (error) {
      setViewerError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusyId(undefined);
      void refresh();
    }
  };

  const items = gallery.data ?? [];
  const status = gallery.isPending ? 'loading' : gallery.isError ? 'error' : items.length ? 'ready' : 'empty';
  return (
    <GalleryScreen
      status={status}
      errorDetail={gallery.error?.message}
      onRetry={() => void gallery.refetch()}
      items={items}
      uploads={uploads}
      rejected={rejected}
      trades={(trades.data ?? []).map((t) => ({
        id: t.id,
        label: `${t.symbol}, ${shortDay.format(new Date(t.entryTime))}`,
      }))}
      notes={notes.data ?? []}
      busyId={busyId}
      viewerError={viewerError}
      onUpload={(files) => void upload(files)}
      onDismissUpload={(id) => setUploads((list) => list.filter((u) => u.id !== id))}
      onSave={(id, changes) => void save(id, changes)}
      onDelete={(id) => void remove(id)}
    />
  );
}
