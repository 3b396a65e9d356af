// `npm start`: the local stack and the app together. Until packages/supabase-local exists
// there is nothing honest to start, so say so and fail.
console.error('npm start: the local Supabase stack (packages/supabase-local) is not built yet; see the README.');
process.exit(1);
