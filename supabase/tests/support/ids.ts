// Fixed ids of the seeded accounts (supabase/seed.sql) and of the extra users the tests create.
export const DEMO = '6d656d6f-0000-4000-8000-000000000001';
export const ADMIN = '61646d69-0000-4000-8000-000000000001';
export const OTHER = '0be0be0b-0000-4000-8000-00000000000b';
