-- The OAuth 2.1 server's registered clients, with GoTrue's table name and columns (its migrations end at this
-- shape: the row id is the client_id, a public client has no secret hash). Read and written only by the auth
-- service's `/admin/oauth/clients` endpoints, and only while `[auth.oauth_server] enabled = true`.
-- Idempotent: runs on every boot.
create table if not exists auth.oauth_clients (
  id uuid not null primary key,
  client_secret_hash text,
  registration_type text not null check (registration_type in ('dynamic', 'manual')),
  client_type text not null default 'confidential' check (client_type in ('public', 'confidential')),
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('none', 'client_secret_basic', 'client_secret_post')),
  redirect_uris text not null,
  grant_types text not null,
  client_name text check (char_length(client_name) <= 1024),
  client_uri text check (char_length(client_uri) <= 2048),
  logo_uri text check (char_length(logo_uri) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);
