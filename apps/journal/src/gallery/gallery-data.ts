// The gallery's data: gallery_items rows with signed URLs to their private objects, uploads with progress, captions
// and links, and deletes (object and row).

import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataError } from '../data/data-error';
import { journalKeys } from '../data/journal-data';
import { PAGE_DATA_FRESH_MS } from '../data/queries';
import { supabase } from '../data/supabase';
import { storage } from '../data/supabase-storage';
import { GALLERY_BUCKET, galleryObjectPath, storageObjectUrl, uploadWithProgress } from '../data/uploads';
import { appConfig } from '../shared/config';

export interface GalleryRow {
  id: string;
  storagePath: string;
  caption: string;
  tradeId: string | null;
  noteId: string | null;
  createdAt: string;
  /** A signed URL, valid for an hour. */
  src: string;
}

// Signed URLs last longer than the query stays fresh, so a cached page never shows expired images.
const SIGNED_URL_SECONDS = 3600;

export const galleryKey = (userId: string | undefined) => [...journalKeys.all(userId), 'gallery'] as const;

export function galleryQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: galleryKey(userId),
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: async (): Promise<GalleryRow[]> => {
      const { data, error } = await supabase
        .from('gallery_items')
        .select('id, storage_path, caption, trade_id, note_id, created_at')
        .order('created_at', { ascending: false });
      if (error) throw dataError(error);
      const rows = data ?? [];
      if (rows.length === 0) return [];
      const signed = await storage.from(GALLERY_BUCKET).createSignedUrls(
        rows.map((r) => r.storage_path as string),
        SIGNED_URL_SECONDS,
      );
      if (signed.error) throw dataError(signed.error);
      const urls = new Map(signed.data.map((s) => [s.path, s.signedUrl]));
      return rows.map((r) => ({
        id: r.id,
        storagePath: r.storage_path,
        caption: r.caption ?? '',
        tradeId: r.trade_id,
        noteId: r.note_id,
        createdAt: r.created_at,
        src: urls.get(r.storage_path) ?? '',
      }));
    },
  });
}

export const useGallery = (userId: string | undefined) => useQuery(galleryQuery(userId));

/** Notes to link an image to: title, or the day for a daily journal entry. */
export function useNoteOptions(userId: string | undefined) {
  return useQuery({
    queryKey: [...journalKeys.all(userId), 'note-options'],
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: async () => {
      const { data, error } = await supabase
        .from('notes')
        .select('id, kind, title, journal_date')
        .order('updated_at', { ascending: false })
        .limit(200);
      if (error) throw dataError(error);
      return (data ?? []).map((n) => ({
        id: n.id as string,
        label: n.kind === 'daily' ? `Journal, ${n.journal_date}` : (n.title as string) || 'Untitled page',
      }));
    },
  });
}

/**
 * Uploads an image with progress and records it in gallery_items. If the row cannot be written the object is removed,
 * so storage never keeps an image the gallery cannot show.
 */
export async function uploadGalleryImage(options: {
  userId: string;
  file: File;
  caption?: string;
  tradeId?: string | null;
  onProgress?: (fraction: number) => void;
}): Promise<void> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error('Your session has ended: log in again to upload.');
  const path = galleryObjectPath(options.userId, crypto.randomUUID(), options.file.type);
  await uploadWithProgress({
    url: storageObjectUrl(appConfig.supabaseUrl, GALLERY_BUCKET, path),
    file: options.file,
    accessToken: token,
    apiKey: appConfig.supabaseAnonKey,
    onProgress: options.onProgress,
  });
  const caption = options.caption ?? options.file.name.replace(/\.[a-z0-9]+$/i, '');
  const { error } = await supabase
    .from('gallery_items')
    .insert({ storage_path: path, caption: caption.slice(0, 200), trade_id: options.tradeId ?? null });
  if (error) {
    await storage.from(GALLERY_BUCKET).remove([path]);
    throw dataError(error);
  }
}

export async function updateGalleryItem(
  id: string,
  changes: { caption: string; tradeId: string | null; noteId: string | null },
): Promise<void> {
  const { error } = await supabase
    .from('gallery_items')
    .update({ caption: changes.caption || null, trade_id: changes.tradeId, note_id: changes.noteId })
    .eq('id', id);
  if (error) throw dataError(error);
}

/** Deletes the row, then the object: should the second step fail, an unseen object is left, never a broken image. */
export async function deleteGalleryItem(item: { id: string; storagePath: string }): Promise<void> {
  const { error } = await supabase.from('gallery_items').delete().eq('id', item.id);
  if (error) throw dataError(error);
  const removed = await storage.from(GALLERY_BUCKET).remove([item.storagePath]);
  if (removed.error)
    throw new Error(`The image was removed from the gallery, but not from storage: ${removed.error.message}`);
}
