// The data API's second round (issue 18), driven by the unchanged supabase-js client: aggregates, RPC resolution,
// counts and max-affected on RPC, upsert statuses, computed fields and relationships, embedding rules and media
// types. Expectations are PostgREST's documented answers, worked by hand over the seed below. On PGlite, and on
// PostgreSQL 15 in the `supabase-local-pg` project (or when BAHI_TEST_DATABASE_URL names a server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../types.ts';
import { backends, type Fixture, startFixture } from './fixture.ts';

const MIGRATION = `
create table public.customers (id int primary key, name text not null, city text);
create table public.orders (
  id int primary key,
  customer_id int references public.customers (id),
  amount numeric(10, 2) not null,
  order_date date not null,
  details jsonb not null default '{}'
);
create table public.transfers (
  id int primary key,
  from_id int references public.customers (id),
  to_id int references public.customers (id)
);
create table public.people (
  id int primary key,
  first_name text not null,
  last_name text not null,
  parent_id int references public.people (id)
);
create function public.full_name(public.people) returns text language sql stable
  as $$ select $1.first_name || ' ' || $1.last_name $$;
create function public.recent_orders(public.customers) returns setof public.orders language sql stable
  as $$ select * from public.orders where customer_id = $1.id order by order_date desc, id desc $$;
create function public.best_order(public.customers) returns setof public.orders rows 1 language sql stable
  as $$ select * from public.orders where customer_id = $1.id order by amount desc limit 1 $$;
create function public.greet(name text) returns text language sql immutable as $$ select 'hello ' || name $$;
create function public.greet(name text, greeting text) returns text language sql immutable
  as $$ select greeting || ' ' || name $$;
create function public.pick(a int) returns text language sql immutable as $$ select 'integer' $$;
create function public.pick(a text) returns text language sql immutable as $$ select 'text' $$;
create function public.shout(text) returns text language sql immutable as $$ select upper($1) $$;
create function public.orders_over(min numeric default 0) returns setof public.orders language sql stable
  as $$ select * from public.orders where amount > min order by id $$;
create function public.bump_all() returns setof public.orders language sql
  as $$ update public.orders set amount = amount + 1 returning * $$;
create view public.order_view as select id as order_id, customer_id as buyer, amount from public.orders;
create view public.customer_view as select id, name as customer_name, city from public.customers;
create view public.pune_customers as select * from public.customer_view where city = 'Pune';
create view public.transfer_view as select id, from_id as sender, to_id as receiver from public.transfers;
create schema internal;
create table internal.invoices (id int primary key, order_id int not null unique references public.orders (id), total numeric not null);
create view public.invoices as select id, order_id, total from internal.invoices;
`;

const SEED = `
insert into public.customers values (1, 'Asha', 'Pune'), (2, 'Ravi', 'Delhi'), (3, 'Meera', 'Pune'), (4, 'Nobody', null);
insert into public.orders values
  (1, 1, 100.00, '2024-01-01', '{"tax": 18}'),
  (2, 1, 250.50, '2024-01-02', '{"tax": 45}'),
  (3, 2, 75.25, '2024-01-01', '{"tax": 13.5}'),
  (4, 3, 300.00, '2024-01-02', '{"tax": 54}'),
  (5, 3, 20.00, '2024-01-03', '{}');
insert into public.transfers values (1, 1, 2);
insert into public.people values (1, 'Ada', 'King', null), (2, 'Byron', 'King', 1), (3, 'Cleo', 'King', 1), (4, 'Dan', 'Queen', 2);
insert into internal.invoices values (1, 2, 295.59), (2, 4, 354);
`;

describe.each(backends)('on $name', (backend) => {
  let f: Fixture;
  let db: Database | undefined;

  beforeAll(async () => {
    db = await backend.database();
    f = await startFixture(
      { 'supabase/migrations/20240101000000_shop.sql': MIGRATION, 'supabase/seed.sql': SEED },
      { db },
    );
  }, 60_000);

  afterAll(async () => {
    await f?.stop();
    await db?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${f.server.url}/rest/v1/${path}`, { headers: { apikey: f.server.serviceRoleKey, ...headers } });

  describe('aggregates', () => {
    it('counts, sums, averages and finds extremes over the whole table', async () => {
      expect((await f.anon.from('orders').select('count()')).data).toEqual([{ count: 5 }]);
      const { data, error } = await f.anon
        .from('orders')
        .select('total:amount.sum(), amount.max(), amount.min(), rounded:amount.avg()::int, n:count()::text');
      expect(error).toBeNull();
      expect(data).toEqual([{ total: 745.75, max: 300, min: 20, rounded: 149, n: '5' }]);
    });

    it('groups by the other selected columns, and orders by them', async () => {
      const { data } = await f.anon
        .from('orders')
        .select('day:order_date, total:amount.sum(), orders:count()')
        .order('order_date');
      expect(data).toEqual([
        { day: '2024-01-01', total: 175.25, orders: 2 },
        { day: '2024-01-02', total: 550.5, orders: 2 },
        { day: '2024-01-03', total: 20, orders: 1 },
      ]);
    });

    it('casts the input of an aggregate, and counts only non-null values of a column', async () => {
      const { data } = await f.anon.from('orders').select('tax:details->>tax::numeric.sum(), details->>tax.count()');
      expect(data).toEqual([{ tax: 130.5, count: 4 }]);
    });

    it('aggregates inside an embed, per parent (the older `count` spelling too)', async () => {
      const { data } = await f.anon.from('customers').select('name, orders(amount.sum())').order('id');
      expect(data).toEqual([
        { name: 'Asha', orders: [{ sum: 350.5 }] },
        { name: 'Ravi', orders: [{ sum: 75.25 }] },
        { name: 'Meera', orders: [{ sum: 320 }] },
        { name: 'Nobody', orders: [{ sum: null }] },
      ]);
      const counted = await f.anon.from('customers').select('name, orders(count)').order('id');
      expect(counted.data?.map((c) => c.orders)).toEqual([
        [{ count: 2 }],
        [{ count: 1 }],
        [{ count: 2 }],
        [{ count: 0 }],
      ]);
    });

    it('groups by an embedded or spread resource, and aggregates spread columns over the parent', async () => {
      const embedded = await f.anon.from('orders').select('total:amount.sum(), customers(city)');
      expect(embedded.data).toHaveLength(2);
      expect(embedded.data).toEqual(
        expect.arrayContaining([
          { total: 670.5, customers: { city: 'Pune' } },
          { total: 75.25, customers: { city: 'Delhi' } },
        ]),
      );
      const spread = await f.anon.from('orders').select('total:amount.sum(), ...customers(city)');
      expect(spread.data).toEqual(
        expect.arrayContaining([
          { total: 670.5, city: 'Pune' },
          { total: 75.25, city: 'Delhi' },
        ]),
      );
      const first = await f.anon
        .from('orders')
        .select('order_date, ...customers(first:name.min())')
        .order('order_date');
      expect(first.data).toEqual([
        { order_date: '2024-01-01', first: 'Asha' },
        { order_date: '2024-01-02', first: 'Asha' },
        { order_date: '2024-01-03', first: 'Meera' },
      ]);
    });

    it('aggregates the rows of a function', async () => {
      const { data } = await f.anon.rpc('orders_over', { min: 50 }).select('amount.max(), count()');
      expect(data).toEqual([{ max: 300, count: 4 }]);
    });

    it('answers 42703 for a column that does not exist', async () => {
      const { status, error } = await f.anon.from('orders').select('nope.sum()');
      expect(status).toBe(400);
      expect(error?.code).toBe('42703');
    });

    it('answers 400 PGRST123 once the database turns aggregates off for the authenticator role', async () => {
      // the setting for this database only (`in database`), as other test databases share the server's roles;
      // reloadSchema() stands in for `notify pgrst, 'reload config'`
      const alterRole = (clause: string) =>
        f.server.db.exec(
          `do $$ begin execute format('alter role authenticator in database %I ${clause}', current_database()); end $$`,
        );
      await alterRole(`set pgrst.db_aggregates_enabled = ''false''`);
      try {
        await f.server.reloadSchema();
        const { status, error } = await f.anon.from('orders').select('amount.sum()');
        expect(status).toBe(400);
        expect(error).toEqual({
          code: 'PGRST123',
          details: null,
          hint: null,
          message: 'Use of aggregate functions is not allowed',
        });
        expect((await f.anon.from('customers').select('name, orders(count)')).error?.code).toBe('PGRST123');
        expect((await f.anon.from('orders').select('id').eq('id', 1)).data).toEqual([{ id: 1 }]);
      } finally {
        await alterRole('reset pgrst.db_aggregates_enabled');
        await f.server.reloadSchema();
      }
      expect((await f.anon.from('orders').select('count()')).data).toEqual([{ count: 5 }]);
    });
  });

  describe('rpc resolution', () => {
    it('picks the overload whose parameter names match', async () => {
      expect((await f.anon.rpc('greet', { name: 'Asha' })).data).toBe('hello Asha');
      expect((await f.anon.rpc('greet', { name: 'Asha', greeting: 'namaste' })).data).toBe('namaste Asha');
    });

    it('answers 300 PGRST203 when two overloads match', async () => {
      const { status, error } = await f.anon.rpc('pick', { a: 1 });
      expect(status).toBe(300);
      expect(error).toMatchObject({
        code: 'PGRST203',
        details: null,
        hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
        message:
          'Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => text)',
      });
    });

    it('answers 404 PGRST202 with the searched parameters and a suggestion', async () => {
      const wrongParam = await f.anon.rpc('greet', { nam: 'Asha' });
      expect(wrongParam.status).toBe(404);
      expect(wrongParam.error).toMatchObject({
        code: 'PGRST202',
        message: 'Could not find the function public.greet(nam) in the schema cache',
        details:
          'Searched for the function public.greet with parameter nam or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.greet(name)',
      });
      const wrongName = await f.anon.rpc('gret', { name: 'Asha' });
      expect(wrongName.error?.hint).toBe('Perhaps you meant to call the function public.greet');
      const byGet = await f.anon.rpc('greet', { a: '1', b: '2' }, { get: true });
      expect(byGet.error?.details).toBe(
        'Searched for the function public.greet with parameters a, b, but no matches were found in the schema cache.',
      );
    });

    it('passes a text/plain body to a function with one unnamed text parameter', async () => {
      const res = await fetch(`${f.server.url}/rest/v1/rpc/shout`, {
        method: 'POST',
        headers: { apikey: f.server.anonKey, 'content-type': 'text/plain' },
        body: 'namaste',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toBe('NAMASTE');
    });

    it('leaves parameters with defaults out', async () => {
      const { data } = await f.anon.rpc('orders_over').select('id');
      expect(data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }]);
    });
  });

  describe('counts and max-affected', () => {
    it('counts the rows of a function with count=exact', async () => {
      const { data, count, status } = await f.anon.rpc('orders_over', { min: 50 }, { count: 'exact' }).select('id');
      expect(status).toBe(200);
      expect(count).toBe(4);
      expect(data).toHaveLength(4);
      const res = await fetch(`${f.server.url}/rest/v1/rpc/greet`, {
        method: 'POST',
        headers: { apikey: f.server.anonKey, 'content-type': 'application/json', Prefer: 'count=exact' },
        body: JSON.stringify({ name: 'x' }),
      });
      expect(res.headers.get('content-range')).toBe('0-0/1');
    });

    it('refuses a function returning more rows than max-affected under handling=strict (PGRST124), undoing it', async () => {
      const res = await fetch(`${f.server.url}/rest/v1/rpc/bump_all`, {
        method: 'POST',
        headers: {
          apikey: f.server.serviceRoleKey,
          'content-type': 'application/json',
          Prefer: 'handling=strict, max-affected=2',
        },
        body: '{}',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'PGRST124',
        details: 'The query affects 5 rows',
        hint: null,
        message: 'Query result exceeds max-affected preference constraint',
      });
      expect((await f.anon.from('orders').select('amount.sum()')).data).toEqual([{ sum: 745.75 }]);
      const scalar = await fetch(`${f.server.url}/rest/v1/rpc/greet`, {
        method: 'POST',
        headers: {
          apikey: f.server.anonKey,
          'content-type': 'application/json',
          Prefer: 'handling=strict, max-affected=1',
        },
        body: JSON.stringify({ name: 'x' }),
      });
      expect(scalar.status).toBe(400);
      expect((await scalar.json()).code).toBe('PGRST128');
    });

    it('answers HEAD with count=planned from the planner, 206 while the estimate exceeds the rows', async () => {
      const exact = await f.anon.from('orders').select('*', { count: 'exact', head: true });
      expect(exact).toMatchObject({ status: 200, count: 5, data: null });
      const planned = await f.anon.from('orders').select('*', { count: 'planned', head: true });
      expect(planned.data).toBeNull();
      expect(planned.count).toBeGreaterThan(5);
      expect(planned.status).toBe(206);
    });
  });

  describe('writes', () => {
    it('answers 200 to an upsert that updated and 201 to one that created', async () => {
      const updated = await f.service.from('customers').upsert({ id: 2, name: 'Ravi', city: 'Agra' }).select();
      expect(updated.status).toBe(200);
      expect(updated.data).toEqual([{ id: 2, name: 'Ravi', city: 'Agra' }]);
      const created = await f.service.from('customers').upsert({ id: 9, name: 'Zoya', city: null }).select();
      expect(created.status).toBe(201);
      await f.service.from('customers').update({ city: 'Delhi' }).eq('id', 2);
      await f.service.from('customers').delete().eq('id', 9);
    });

    it('fills missing keys from column defaults with missing=default and columns', async () => {
      const rows = [
        { id: 10, customer_id: 4, amount: 1, order_date: '2024-02-01', details: { gift: true } },
        { id: 11, customer_id: 4, amount: 2, order_date: '2024-02-01' },
      ];
      const nulls = await f.service.from('orders').insert(rows).select('id');
      expect(nulls.error?.code).toBe('23502');
      const { data, error } = await f.service
        .from('orders')
        .insert(rows, { defaultToNull: false })
        .select('id, details');
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 10, details: { gift: true } },
        { id: 11, details: {} },
      ]);
      await f.service.from('orders').delete().in('id', [10, 11]);
    });
  });

  describe('computed fields and relationships', () => {
    it('selects, filters and orders by a function of the row', async () => {
      const { data } = await f.anon.from('people').select('id, full_name').order('full_name', { ascending: false });
      expect(data).toEqual([
        { id: 4, full_name: 'Dan Queen' },
        { id: 3, full_name: 'Cleo King' },
        { id: 2, full_name: 'Byron King' },
        { id: 1, full_name: 'Ada King' },
      ]);
      expect((await f.anon.from('people').select('id').eq('full_name', 'Cleo King')).data).toEqual([{ id: 3 }]);
    });

    it('embeds the rows a function returns for each parent', async () => {
      const { data } = await f.anon
        .from('customers')
        .select('name, recent:recent_orders(id), best:best_order(amount)')
        .eq('id', 1)
        .single();
      expect(data).toEqual({ name: 'Asha', recent: [{ id: 2 }, { id: 1 }], best: { amount: 250.5 } });
    });
  });

  describe('embedding', () => {
    it('reads a self-reference both ways: children by the table, the parent by the column', async () => {
      const { data } = await f.anon
        .from('people')
        .select('first_name, children:people(first_name), parent:parent_id(first_name)')
        .in('id', [1, 2])
        .order('id')
        .order('id', { referencedTable: 'children' });
      expect(data).toEqual([
        { first_name: 'Ada', children: [{ first_name: 'Byron' }, { first_name: 'Cleo' }], parent: null },
        { first_name: 'Byron', children: [{ first_name: 'Dan' }], parent: { first_name: 'Ada' } },
      ]);
      const hinted = await f.anon.from('people').select('first_name, people!parent_id(first_name)').eq('id', 2);
      expect(hinted.data).toEqual([{ first_name: 'Byron', people: [{ first_name: 'Dan' }] }]);
    });

    it('filters by an embed with an empty select, leaving it out of the rows', async () => {
      const { data } = await f.anon
        .from('customers')
        .select('name, orders!inner()')
        .gt('orders.amount', 200)
        .order('id');
      expect(data).toEqual([{ name: 'Asha' }, { name: 'Meera' }]);
    });

    it('spreads a to-many embed into arrays', async () => {
      const { data } = await f.anon
        .from('customers')
        .select('name, ...orders(amounts:amount)')
        .in('id', [1, 4])
        .order('id')
        .order('id', { referencedTable: 'orders' });
      expect(data).toEqual([
        { name: 'Asha', amounts: [100, 250.5] },
        { name: 'Nobody', amounts: [] },
      ]);
    });

    it('refuses the same embed twice (42712) and lists ambiguous relationships in details (PGRST201)', async () => {
      const twice = await f.anon.from('orders').select('id, customers(name), customers(city)');
      expect(twice.status).toBe(400);
      expect(twice.error).toMatchObject({
        code: '42712',
        message: 'table name "orders_customers_1" specified more than once',
      });
      const res = await get('customers?select=name,transfers(id)');
      expect(res.status).toBe(300);
      const body = await res.json();
      expect(body).toMatchObject({
        code: 'PGRST201',
        message: "Could not embed because more than one relationship was found for 'customers' and 'transfers'",
        hint: "Try changing 'transfers' to one of the following: 'transfers!transfers_from_id_fkey', 'transfers!transfers_to_id_fkey'. Find the desired relationship in the 'details' key.",
      });
      expect(body.details).toEqual(
        expect.arrayContaining([
          {
            cardinality: 'one-to-many',
            embedding: 'customers with transfers',
            relationship: 'transfers_from_id_fkey using customers(id) and transfers(from_id)',
          },
          {
            cardinality: 'one-to-many',
            embedding: 'customers with transfers',
            relationship: 'transfers_to_id_fkey using customers(id) and transfers(to_id)',
          },
        ]),
      );
    });

    it('picks a relationship by foreign key name or by column', async () => {
      const byKey = await f.anon.from('customers').select('name, transfers!transfers_from_id_fkey(id)').eq('id', 1);
      expect(byKey.data).toEqual([{ name: 'Asha', transfers: [{ id: 1 }] }]);
      const byColumn = await f.anon.from('customers').select('name, transfers!to_id(id)').in('id', [1, 2]).order('id');
      expect(byColumn.data).toEqual([
        { name: 'Asha', transfers: [] },
        { name: 'Ravi', transfers: [{ id: 1 }] },
      ]);
    });
  });

  describe('ordering by an embedded column', () => {
    it('orders the rows by a column of a to-one embed, by its name or alias', async () => {
      const { data, error } = await f.anon
        .from('orders')
        .select('id, customers(name)')
        .order('customers(name)', { ascending: false })
        .order('id');
      expect(error).toBeNull();
      expect(data?.map((o) => o.id)).toEqual([3, 4, 5, 1, 2]);
      const aliased = await f.anon
        .from('order_view')
        .select('order_id, buyer:customer_view(customer_name)')
        .order('buyer(customer_name)')
        .order('amount', { ascending: false })
        .limit(3);
      expect(aliased.data).toEqual([
        { order_id: 2, buyer: { customer_name: 'Asha' } },
        { order_id: 1, buyer: { customer_name: 'Asha' } },
        { order_id: 4, buyer: { customer_name: 'Meera' } },
      ]);
    });

    it('refuses a to-many embed (PGRST118) and one that is not selected (PGRST108)', async () => {
      const toMany = await f.anon.from('customers').select('name, orders(amount)').order('orders(amount)');
      expect(toMany.status).toBe(400);
      expect(toMany.error).toEqual({
        code: 'PGRST118',
        details: "'customers' and 'orders' do not form a many-to-one or one-to-one relationship",
        hint: null,
        message: "A related order on 'orders' is not possible",
      });
      const missing = await f.anon.from('orders').select('id').order('customers(name)');
      expect(missing.status).toBe(400);
      expect(missing.error).toEqual({
        code: 'PGRST108',
        details: null,
        hint: "Verify that 'customers' is included in the 'select' query parameter.",
        message: "'customers' is not an embedded resource in this request",
      });
    });
  });

  describe('relationships through views', () => {
    it('embeds a table in a view by the foreign key of the table the view reads (many-to-one)', async () => {
      const { data, error } = await f.anon
        .from('order_view')
        .select('order_id, customers(name)')
        .in('order_id', [1, 3])
        .order('order_id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { order_id: 1, customers: { name: 'Asha' } },
        { order_id: 3, customers: { name: 'Ravi' } },
      ]);
    });

    it('embeds a view in a table (one-to-many), and a view in a view both ways', async () => {
      const rows = await f.anon
        .from('customers')
        .select('name, order_view(order_id)')
        .in('id', [1, 4])
        .order('id')
        .order('order_id', { referencedTable: 'order_view' });
      expect(rows.data).toEqual([
        { name: 'Asha', order_view: [{ order_id: 1 }, { order_id: 2 }] },
        { name: 'Nobody', order_view: [] },
      ]);
      const up = await f.anon.from('order_view').select('order_id, customer_view(customer_name)').eq('order_id', 4);
      expect(up.data).toEqual([{ order_id: 4, customer_view: { customer_name: 'Meera' } }]);
      const down = await f.anon.from('customer_view').select('customer_name, order_view(amount)').eq('id', 2).single();
      expect(down.data).toEqual({ customer_name: 'Ravi', order_view: [{ amount: 75.25 }] });
    });

    it('follows a view over a view to the table underneath', async () => {
      const { data } = await f.anon
        .from('pune_customers')
        .select('customer_name, order_view(order_id)')
        .order('id')
        .order('order_id', { referencedTable: 'order_view' });
      expect(data).toEqual([
        { customer_name: 'Asha', order_view: [{ order_id: 1 }, { order_id: 2 }] },
        { customer_name: 'Meera', order_view: [{ order_id: 4 }, { order_id: 5 }] },
      ]);
    });

    it('embeds a view over a table of a schema the API does not expose, one-to-one when the key is unique', async () => {
      const { data } = await f.anon.from('orders').select('id, invoices(total)').in('id', [1, 2]).order('id');
      expect(data).toEqual([
        { id: 1, invoices: null },
        { id: 2, invoices: { total: 295.59 } },
      ]);
    });

    it('gives a view the primary key of the table it shows, so that upserts through it need no on_conflict', async () => {
      const { data, error } = await f.service
        .from('customer_view')
        .upsert({ id: 3, customer_name: 'Meera', city: 'Mumbai' })
        .select();
      expect(error).toBeNull();
      expect(data).toEqual([{ id: 3, customer_name: 'Meera', city: 'Mumbai' }]);
      expect((await f.anon.from('customers').select('city').eq('id', 3)).data).toEqual([{ city: 'Mumbai' }]);
      await f.service.from('customers').update({ city: 'Pune' }).eq('id', 3);
    });

    it('names the view’s columns in PGRST201, and takes a foreign key name or a view column as hint', async () => {
      const res = await get('customer_view?select=customer_name,transfer_view(id)');
      expect(res.status).toBe(300);
      const body = await res.json();
      expect(body).toMatchObject({
        code: 'PGRST201',
        message: "Could not embed because more than one relationship was found for 'customer_view' and 'transfer_view'",
        hint: "Try changing 'transfer_view' to one of the following: 'transfer_view!transfers_from_id_fkey', 'transfer_view!transfers_to_id_fkey'. Find the desired relationship in the 'details' key.",
      });
      expect(body.details).toEqual(
        expect.arrayContaining([
          {
            cardinality: 'one-to-many',
            embedding: 'customer_view with transfer_view',
            relationship: 'transfers_from_id_fkey using customer_view(id) and transfer_view(sender)',
          },
          {
            cardinality: 'one-to-many',
            embedding: 'customer_view with transfer_view',
            relationship: 'transfers_to_id_fkey using customer_view(id) and transfer_view(receiver)',
          },
        ]),
      );
      const byKey = await f.anon
        .from('customer_view')
        .select('customer_name, transfer_view!transfers_to_id_fkey(id)')
        .in('id', [1, 2])
        .order('id');
      expect(byKey.data).toEqual([
        { customer_name: 'Asha', transfer_view: [] },
        { customer_name: 'Ravi', transfer_view: [{ id: 1 }] },
      ]);
      const byColumn = await f.anon
        .from('transfer_view')
        .select('id, from:customer_view!sender(customer_name), to:customer_view!receiver(customer_name)')
        .single();
      expect(byColumn.data).toEqual({
        id: 1,
        from: { customer_name: 'Asha' },
        to: { customer_name: 'Ravi' },
      });
    });
  });

  describe('media types', () => {
    it('strips null values with nulls=stripped', async () => {
      const { data } = await f.anon.from('customers').select('id, name, city').eq('id', 4).stripNulls();
      expect(data).toEqual([{ id: 4, name: 'Nobody' }]);
      const res = await get('customers?id=eq.4', { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' });
      expect(res.headers.get('content-type')).toMatch(/^application\/vnd\.pgrst\.array\+json;nulls=stripped/);
    });

    it('answers the plan with explain(), as text and as JSON', async () => {
      const text = await f.anon.from('customers').select('name').explain();
      expect(typeof text.data).toBe('string');
      expect(text.data).toMatch(/Scan on customers/);
      const json = await f.anon.from('customers').select('name').explain({ format: 'json' });
      expect(Array.isArray(json.data)).toBe(true);
      expect((json.data as unknown as { Plan: { 'Node Type': string } }[])[0]?.Plan['Node Type']).toBe('Aggregate');
    });

    it('renders CSV with PostgreSQL’s quoting', async () => {
      const { data } = await f.anon.from('orders').select('id, details').in('id', [1, 5]).order('id').csv();
      expect(data).toBe('id,details\n1,"{""tax"": 18}"\n5,{}');
      const nulls = await f.anon.from('customers').select('id, name, city').in('id', [2, 4]).order('id').csv();
      expect(nulls.data).toBe('id,name,city\n2,Ravi,Delhi\n4,Nobody,');
    });
  });
});
