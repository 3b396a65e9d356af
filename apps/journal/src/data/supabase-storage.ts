// Supabase Storage for the pages that use the gallery's bucket only (the gallery, the trade form's images): the
// client supabase-js would make, on the app's session.
import { StorageClient } from '@supabase/storage-js';
import { appConfig } from '../shared/config';
import { clientHeaders, fetchWithAuth } from './rest-client';
import { currentAccessToken } from './supabase';

export const storage = new StorageClient(
  `${appConfig.supabaseUrl.replace(/\/+$/, '')}/storage/v1`,
  clientHeaders,
  fetchWithAuth(appConfig.supabaseAnonKey, currentAccessToken),
);
